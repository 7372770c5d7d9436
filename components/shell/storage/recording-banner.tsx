import type { StorageFigure } from "@/lib/contracts/storage";
import { formatRelative } from "@/lib/format";
import { PAUSE_REASON, sizeLine } from "@/components/shell/storage/storage-figure";

/**
 * Shown while recording is paused for lack of room: what is full, the figure, and that Loupe
 * retries by itself. Live connections keep working meanwhile; only recording stops.
 */
export function RecordingBanner({
  figure,
  now,
}: {
  /** GET /api/storage. */
  figure: StorageFigure;
  /** When the figure was read (relative times are said from it). */
  now: number;
}) {
  const recording = figure.recording;
  if (recording.state !== "paused") return null;
  return (
    <div
      role="alert"
      data-testid="recording-banner"
      className="flex shrink-0 flex-wrap items-baseline gap-x-2 border-b border-amber-500/40 bg-amber-500/15 px-3 py-1.5 text-sm text-amber-900 dark:text-amber-200"
    >
      <span className="font-medium">Recording is paused: {PAUSE_REASON[recording.reason]}.</span>
      <span>
        Store {sizeLine(figure)}; since {formatRelative(recording.since, now)}. Connections keep working; Loupe prunes and retries by
        itself.
      </span>
      <span className="font-mono text-xs opacity-80">{recording.message}</span>
    </div>
  );
}
