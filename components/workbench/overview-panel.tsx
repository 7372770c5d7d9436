import type { ReactNode } from "react";
import Markdown from "react-markdown";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ConnectStep, ConnectionView } from "@/lib/contracts/connections";
import { StatusDot, TRANSPORT_LABEL } from "@/components/connections/connection-status";

const STEP_LABEL: Record<ConnectStep, string> = {
  spawn: "starting the process",
  network: "reaching the server",
  http: "the HTTP exchange",
  protocol: "the MCP handshake",
  auth: "authorization",
  closed: "the connection closed",
};

/** What the server said about itself at initialize, and why connecting failed if it did. */
export function OverviewPanel({ connection: c, onConnect }: { connection: ConnectionView; onConnect: () => void }) {
  const s = c.state;
  const caps = Object.entries(s.capabilities ?? {});
  return (
    <div className="flex max-w-4xl flex-col gap-4 p-4 text-sm" data-testid="overview">
      {s.error && (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3" data-testid="connection-error">
          <p className="font-medium text-destructive">
            Connection failed{s.error.step ? ` while ${STEP_LABEL[s.error.step]}` : ""}
          </p>
          <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{s.error.message}</p>
          <Button size="xs" variant="outline" className="mt-2" onClick={onConnect}>
            Try again
          </Button>
        </div>
      )}
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1.5">
        <Row label="Status"><StatusDot status={s.status} /></Row>
        <Row label="Server">
          {s.serverInfo ? `${s.serverInfo.title ?? s.serverInfo.name} ${s.serverInfo.version}` : "—"}
        </Row>
        <Row label="Protocol version"><span className="font-mono">{s.protocolVersion ?? "—"}</span></Row>
        <Row label="Transport">
          {TRANSPORT_LABEL[c.transport]}
          {s.transportUsed && <span className="ml-1 text-muted-foreground">(in use: {s.transportUsed})</span>}
        </Row>
        <Row label="Endpoint">
          <span className="font-mono text-xs break-all">
            {c.transport === "stdio" ? [c.command, ...c.args].join(" ") : c.url}
          </span>
        </Row>
        {s.pid !== undefined && <Row label="PID"><span className="font-mono">{s.pid}</span></Row>}
        {s.connectedAt && <Row label="Connected at">{new Date(s.connectedAt).toLocaleString()}</Row>}
        <Row label="Request timeout"><span className="font-mono">{c.requestTimeoutMs} ms</span></Row>
        {s.logLevel && <Row label="Log level"><span className="font-mono">{s.logLevel}</span></Row>}
      </dl>
      <section>
        <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Capabilities</h3>
        <div className="flex flex-wrap gap-1.5" data-testid="capabilities">
          {caps.length === 0 && <span className="text-xs text-muted-foreground">None reported</span>}
          {caps.map(([name, value]) => (
            <Badge key={name} variant="secondary" title={JSON.stringify(value)}>
              {name}
              {capabilityFlags(value)}
            </Badge>
          ))}
        </div>
      </section>
      {s.instructions && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Instructions</h3>
          <div className="rounded-md border bg-muted/30 p-3 text-sm leading-relaxed [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_li]:list-disc [&_p]:mb-2 [&_pre]:overflow-x-auto">
            <Markdown>{s.instructions}</Markdown>
          </div>
        </section>
      )}
      {c.transport === "stdio" && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">stderr (last lines)</h3>
          <pre className="max-h-64 overflow-auto rounded-md border bg-muted/30 p-2 font-mono text-xs whitespace-pre-wrap" data-testid="stderr-tail">
            {s.stderrTail.length ? s.stderrTail.join("\n") : "(nothing written to stderr)"}
          </pre>
        </section>
      )}
    </div>
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

/** Sub-flags such as listChanged / subscribe, shown inside the capability badge. */
function capabilityFlags(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  const flags = Object.entries(value).filter(([, v]) => v === true).map(([k]) => k);
  return flags.length ? ` · ${flags.join(", ")}` : "";
}
