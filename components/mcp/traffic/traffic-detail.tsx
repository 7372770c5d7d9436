import { XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/elements/status-badge";
import { Button } from "@/components/ui/button";
import type { Entry } from "@/lib/contracts/entries";
import type { TrafficRow } from "@/lib/protocols/mcp/pairing";
import { formatClockMs, formatDuration, plural } from "@/lib/format";
import { STATE_BADGE, rowLabel } from "./format";
import { JsonBlock } from "./json-block";
import { WireDetails } from "./wire-details";
import { MrtrRounds } from "./mrtr-rounds";
import { RerunFromTraffic } from "./rerun-from-traffic";

export interface TrafficDetailProps {
  row: TrafficRow;
  onLoadFull?: (seq: number) => Promise<Entry>;
  onClose: () => void;
}

/** The raw request and response of the selected row (DESIGN.md: raw is one click away). */
export function TrafficDetail({ row, onLoadFull, onClose }: TrafficDetailProps) {
  const badge = STATE_BADGE[row.state];
  return (
    <aside
      data-testid="traffic-detail"
      data-state={row.state}
      className="flex w-[45%] min-w-64 shrink-0 flex-col gap-3 overflow-auto border-l p-3 lg:min-w-80"
    >
      <header className="flex items-center gap-2">
        <h2 className="truncate font-mono text-sm font-semibold">{rowLabel(row)}</h2>
        {row.type === "request" && <span className="font-mono text-xs text-muted-foreground">#{String(row.id)}</span>}
        {badge && <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>}
        {row.type === "request" && <RerunFromTraffic row={row} />}
        <Button size="icon" variant="ghost" className="ml-auto" onClick={onClose} aria-label="Close detail">
          <XIcon />
        </Button>
      </header>
      {/* Keyed by entry so the loaded full message and "show all" reset when the row changes. */}
      {row.type === "request" ? (
        <>
          <p className="text-xs text-muted-foreground">
            {formatClockMs(row.receivedAt)}
            {row.latencyMs !== undefined && ` · ${formatDuration(row.latencyMs)}`}
            {row.progressCount > 0 && ` · ${plural(row.progressCount, "progress notification")}`}
            {row.cancelledAt !== undefined && ` · cancelled at ${formatClockMs(row.cancelledAt)}`}
          </p>
          <MrtrRounds rowKey={row.key} />
          <WireDetails entries={[row.request, row.response]} />
          <JsonBlock key={row.request.seq} title="Request" entry={row.request} onLoadFull={onLoadFull} />
          {row.response ? (
            <JsonBlock key={row.response.seq} title="Response" entry={row.response} onLoadFull={onLoadFull} />
          ) : (
            <p className="text-xs text-muted-foreground">No response{row.state === "pending" ? " yet" : ""}.</p>
          )}
        </>
      ) : (
        <>
          <EntryNotes row={row} />
          <WireDetails entries={[row.entry]} />
          <JsonBlock key={row.entry.seq} title="Message" entry={row.entry} onLoadFull={onLoadFull} />
        </>
      )}
    </aside>
  );
}

function EntryNotes({ row }: { row: Extract<TrafficRow, { type: "entry" }> }) {
  return (
    <ul className="flex flex-col gap-1 text-xs">
      <li className="text-muted-foreground">{formatClockMs(row.receivedAt)}</li>
      {row.items.map((item, i) => {
        if (item.kind === "log") {
          return (
            <li key={i}>
              Log <Badge variant="secondary">{item.level}</Badge> {item.logger && <span>from {item.logger}</span>}
            </li>
          );
        }
        if (item.kind === "unrecognized") {
          return (
            <li key={i} className="text-destructive">
              Unrecognized: {item.reason}
            </li>
          );
        }
        if (item.kind === "stderr") return <li key={i}>Server stderr line</li>;
        return null;
      })}
    </ul>
  );
}
