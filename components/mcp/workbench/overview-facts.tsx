"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";
import { ConnectionStatusDot, TRANSPORT_LABEL } from "@/components/elements/peer/connection-status";
import { useConnectionPing } from "@/hooks/use-connection-actions";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";
import { formatClock } from "@/lib/format";

/** What the connection is and where it stands: status, server, protocol, transport, endpoint, ping. */
export function OverviewFacts({ connection: c }: { connection: ConnectionView }) {
  const s = c.state;
  const ping = useConnectionPing(c.id);
  // 2026-07-28 has no ping: the button stays, disabled, with the reason beside it.
  const pingRemoved = s.era?.mode === "modern";
  return (
    <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1.5">
      <Row label="Status">
        <ConnectionStatusDot status={s.status} />
      </Row>
      <Row label="Server">{s.serverInfo ? `${s.serverInfo.title ?? s.serverInfo.name} ${s.serverInfo.version}` : "—"}</Row>
      <Row label="Protocol version">
        <span className="font-mono">{s.protocolVersion ?? "—"}</span>
      </Row>
      <Row label="Transport">
        {TRANSPORT_LABEL[c.transport]}
        {s.transportUsed && <span className="ml-1 text-muted-foreground">(in use: {s.transportUsed})</span>}
      </Row>
      <Row label="Endpoint">
        <span className="font-mono text-xs break-all">{c.transport === "stdio" ? [c.command, ...c.args].join(" ") : c.url}</span>
      </Row>
      {s.pid !== undefined && (
        <Row label="PID">
          <span className="font-mono">{s.pid}</span>
        </Row>
      )}
      {s.connectedAt && <Row label="Connected at">{new Date(s.connectedAt).toLocaleString()}</Row>}
      <Row label="Request timeout">
        <span className="font-mono">{c.requestTimeoutMs} ms</span>
      </Row>
      {s.logLevel && (
        <Row label="Log level">
          <span className="font-mono">{s.logLevel}</span>
        </Row>
      )}
      <Row label="Ping">
        <span className="inline-flex items-center gap-2">
          <Button
            size="xs"
            variant="outline"
            disabled={s.status !== "connected" || ping.isPending || pingRemoved}
            onClick={() => ping.mutate()}
            data-testid="ping"
          >
            Ping
          </Button>
          {pingRemoved ? (
            <span className="text-xs text-muted-foreground" data-testid="ping-removed">
              {REMOVED_IN_MODERN.ping}
            </span>
          ) : (
            <PingResult lastPing={s.lastPing} pending={ping.isPending} error={ping.error?.message} />
          )}
        </span>
      </Row>
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

/** The last ping from state (kept server-side), or the request's own error if it never got there. */
export function PingResult({ lastPing, pending, error }: { lastPing?: ConnectionState["lastPing"]; pending?: boolean; error?: string }) {
  if (pending) return <span className="text-xs text-muted-foreground">Pinging…</span>;
  if (lastPing?.error ?? (error && !lastPing)) {
    return (
      <span className="text-xs text-destructive" data-testid="ping-result">
        {lastPing?.error ?? error}
      </span>
    );
  }
  if (!lastPing) return <span className="text-xs text-muted-foreground">Not pinged yet</span>;
  return (
    <span className="font-mono text-xs" data-testid="ping-result">
      {lastPing.ms} ms <span className="text-muted-foreground">at {formatClock(lastPing.at)}</span>
    </span>
  );
}
