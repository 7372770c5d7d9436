import { XIcon } from "lucide-react";
import { StatusBadge } from "@/components/elements/status-badge";
import { Button } from "@/components/ui/button";
import { formatBytes, formatClockMs, formatDuration } from "@/lib/format";
import type { CarriedMessage } from "@/lib/contracts/network";
import { cn } from "@/lib/cn";
import type { ListedExchange } from "@/lib/queries/network";
import { httpStatusTone } from "@/components/elements/http-status";
import { EXCHANGE_STATE } from "./format";
import { HeaderTable } from "@/components/elements/header-table";

export interface ExchangeDetailProps {
  exchange: ListedExchange;
  /** The traffic row (seq) of a carried message, when it is loaded. */
  seqOf: (m: CarriedMessage) => number | undefined;
  onOpenSeq: (seq: number) => void;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono tabular-nums">{children}</dd>
    </div>
  );
}

function messageLabel(m: CarriedMessage): string {
  const what = m.method ?? (m.response ? "response" : "message");
  return m.id === undefined ? what : `${what} #${String(m.id)}`;
}

/** One exchange: timing, sizes, the messages it carried (linked to Traffic) and both header sets. */
export function ExchangeDetail({ exchange: x, seqOf, onOpenSeq, onClose }: ExchangeDetailProps) {
  const state = EXCHANGE_STATE[x.state];
  return (
    <aside
      data-testid="network-detail"
      data-state={x.state}
      className="flex w-[48%] min-w-64 shrink-0 flex-col gap-3 overflow-auto border-l p-3 text-xs lg:min-w-80"
    >
      <header className="flex items-center gap-2">
        <h2 className="font-mono text-sm font-semibold">{x.method}</h2>
        <span className={cn("font-mono text-sm font-semibold", httpStatusTone(x.status))}>{x.status || "no answer"}</span>
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        <Button size="icon" variant="ghost" className="ml-auto" onClick={onClose} aria-label="Close exchange">
          <XIcon />
        </Button>
      </header>
      <p className="font-mono break-all" data-testid="network-url">
        {x.url}
      </p>
      {x.error && (
        <p className="text-destructive" data-testid="network-error">
          {x.error}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5" data-testid="network-timing">
        <Fact label="Started">{formatClockMs(x.startedAt)}</Fact>
        <Fact label="Time to headers">{formatDuration(x.headersMs)}</Fact>
        <Fact label={x.stream ? "Stream open for" : "Duration"}>{x.state === "open" ? "still open" : formatDuration(x.durationMs)}</Fact>
        {x.stream && (
          <Fact label="SSE events">
            {x.state === "open"
              ? "counted when the stream closes"
              : `${x.stream.events}${x.stream.lastEventId ? ` · last id ${x.stream.lastEventId}` : ""}`}
          </Fact>
        )}
        <Fact label="Request body">{formatBytes(x.requestBytes)}</Fact>
        <Fact label="Response body">{x.state === "open" ? "counted when it ends" : formatBytes(x.responseBytes)}</Fact>
      </dl>
      <section className="flex flex-col gap-1">
        <h3 className="font-semibold">JSON-RPC messages</h3>
        {x.messages.length === 0 ? (
          <p className="text-muted-foreground">None{x.state === "open" ? " yet" : ""}.</p>
        ) : (
          <ul className="flex flex-wrap gap-1" data-testid="network-messages">
            {x.messages.map((m, i) => {
              const seq = seqOf(m);
              const label = `${m.dir === "out" ? "→" : "←"} ${messageLabel(m)}`;
              return (
                <li key={i}>
                  {seq === undefined ? (
                    <span className="rounded border px-1.5 py-0.5 font-mono text-muted-foreground">{label}</span>
                  ) : (
                    <Button size="xs" variant="outline" className="font-mono" onClick={() => onOpenSeq(seq)} title="Open in Traffic">
                      {label}
                    </Button>
                  )}
                </li>
              );
            })}
            {x.messagesOmitted ? <li className="text-muted-foreground">and {x.messagesOmitted} more</li> : null}
          </ul>
        )}
      </section>
      {x.responsePreview !== undefined && (
        <section className="flex flex-col gap-1">
          <h3 className="font-semibold">Response body (start)</h3>
          <pre className="max-h-40 overflow-auto rounded border bg-muted/30 p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
            {x.responsePreview}
          </pre>
        </section>
      )}
      <section className="flex flex-col gap-1">
        <h3 className="font-semibold">Request headers</h3>
        <HeaderTable headers={x.requestHeaders} testId="network-request-headers" />
      </section>
      <section className="flex flex-col gap-1">
        <h3 className="font-semibold">Response headers</h3>
        <HeaderTable headers={x.responseHeaders} testId="network-response-headers" />
      </section>
    </aside>
  );
}
