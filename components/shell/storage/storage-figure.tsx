import type { PruneReport, RecordingPauseReason, StorageFigure } from "@/lib/contracts/storage";
import { formatBytes, formatDateTime, formatRelative } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

const TRIGGER: Record<PruneReport["trigger"], string> = {
  start: "at start",
  interval: "hourly run",
  growth: "the store grew past its cap",
  retry: "before retrying a paused recording",
};

export const PAUSE_REASON: Record<RecordingPauseReason, string> = {
  disk_full: "the disk is full",
  store_full: "the store cannot grow any further",
  cap_full: "the store is at its size cap and everything it holds is still needed",
};

/** "12.4 MB of 1.0 GB", or "12.4 MB (no cap)". */
export function sizeLine(figure: StorageFigure): string {
  return figure.capBytes === null
    ? `${formatBytes(figure.usedBytes)} (no cap)`
    : `${formatBytes(figure.usedBytes)} of ${formatBytes(figure.capBytes)}`;
}

function pruneLine(p: PruneReport | null, now: number): string {
  if (!p) return "not yet";
  const what = p.entries + p.records === 0 ? "nothing to remove" : `${p.entries} entries and ${p.records} call/run records`;
  return `${formatRelative(p.at, now)} (${TRIGGER[p.trigger]}): ${what}, ${formatBytes(p.bytesBefore)} → ${formatBytes(p.bytesAfter)}`;
}

/**
 * The store's figure in the header: its size against the cap, opening the details (file and WAL,
 * oldest entry kept, last prune, the settings). Amber while recording is paused.
 */
export function StorageFigureButton({
  figure,
  now,
}: {
  /** GET /api/storage. */
  figure: StorageFigure;
  /** When the figure was read (relative times are said from it). */
  now: number;
}) {
  const paused = figure.recording.state === "paused";
  const rows: [string, string][] = [
    ["Store", sizeLine(figure)],
    ["On disk", `${formatBytes(figure.fileBytes)} file + ${formatBytes(figure.walBytes)} WAL`],
    ["Oldest entry kept", figure.oldestEntryAt === null ? "none recorded" : formatDateTime(figure.oldestEntryAt)],
    ["Last prune", pruneLine(figure.lastPrune, now)],
    ["Age limit", figure.maxAgeDays === null ? "none" : `${figure.maxAgeDays} days`],
    ["Recording", figure.recording.state === "paused" ? `paused: ${PAUSE_REASON[figure.recording.reason]}` : "on"],
  ];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-testid="storage-figure"
          data-state={figure.recording.state}
          className={cn("h-7 px-2 text-xs font-normal text-muted-foreground", paused && "text-amber-700 dark:text-amber-300")}
          title="Loupe's store: size, cap and retention"
        >
          Store {sizeLine(figure)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Storage</DialogTitle>
          <DialogDescription>
            Recorded traffic, call history and run records are pruned oldest first to stay under the cap; pending requests, saved records
            and open sessions are kept. Set LOUPE_RETENTION_MB and LOUPE_RETENTION_DAYS (0 or off: no limit) before starting Loupe.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="storage-details">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
