"use client";

import { AuthNotice } from "@/components/mcp/auth/authorize-button";
import type { ReactNode } from "react";
import { SafeMarkdown } from "@/components/ui/safe-markdown";
import { CheckIcon, CircleSlashIcon, XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ConnectStep, ConnectionState, ConnectionView, DiagnosisStep } from "@/lib/contracts/connections";
import { StatusDot, TRANSPORT_LABEL } from "@/components/mcp/connections/connection-status";
import { ReconnectCountdown } from "./connection-timing";
import { useConnectionDiagnosis, useConnectionPing, useEraRedetect } from "@/hooks/use-connection-actions";
import { cn } from "@/lib/cn";
import { EraSection } from "@/components/mcp/workbench/era-section";
import { REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";
import { formatClock } from "@/lib/format";

const DIAGNOSIS_LABEL: Record<DiagnosisStep["step"], string> = {
  spawn: "Start the process",
  initialize: "Answer initialize",
  dns: "Resolve the host name",
  tcp: "Open a TCP connection",
  http: "HTTP answer",
  auth: "Authorization",
  protocol: "Protocol version",
};

const STEP_LABEL: Record<ConnectStep, string> = {
  spawn: "while starting the process",
  network: "while reaching the server",
  http: "during the HTTP exchange",
  protocol: "during the MCP handshake",
  auth: "at authorization",
  closed: "when the connection closed",
};

export interface OverviewPanelProps {
  connection: ConnectionView;
  /** Connect again (Try again, Restart, Reconnect now); also stops an automatic reconnect schedule. */
  onConnect: () => void;
  /** Stops an automatic reconnect (the connection ends disconnected). */
  onDisconnect?: () => void;
}

/** What the server said about itself at initialize, and why connecting failed if it did. */
export function OverviewPanel({ connection: c, onConnect, onDisconnect }: OverviewPanelProps) {
  const s = c.state;
  const caps = Object.entries(s.capabilities ?? {});
  const ping = useConnectionPing(c.id);
  const diagnose = useConnectionDiagnosis(c.id);
  const redetect = useEraRedetect(c.id);
  // A stdio server that exited is never restarted behind the user's back: they choose to.
  const processEnded = c.transport === "stdio" && s.error?.step === "closed";
  // 2026-07-28 has no ping: the button stays, disabled, with the reason beside it.
  const pingRemoved = s.era?.mode === "modern";
  return (
    <div className="flex max-w-4xl flex-col gap-4 p-4 text-sm" data-testid="overview">
      {s.reconnect && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/5 p-3"
          data-testid="reconnect-notice"
        >
          <p className="font-medium">The connection was lost; Loupe is reconnecting by itself.</p>
          <ReconnectCountdown status={s.status} reconnect={s.reconnect} />
          <span className="ml-auto inline-flex gap-1">
            <Button size="xs" variant="outline" onClick={onConnect} data-testid="reconnect-now">
              Reconnect now
            </Button>
            {onDisconnect && (
              <Button size="xs" variant="ghost" onClick={onDisconnect} data-testid="stop-retrying">
                Stop retrying
              </Button>
            )}
          </span>
        </div>
      )}
      {s.error && (
        <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3" data-testid="connection-error">
          <p className="font-medium text-destructive">
            {processEnded ? "The server process ended" : `Connection failed${s.error.step ? ` ${STEP_LABEL[s.error.step]}` : ""}`}
          </p>
          <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{s.error.message}</p>
          {!s.reconnect && (
            <Button
              size="xs"
              variant="outline"
              className="mt-2"
              onClick={onConnect}
              data-testid={processEnded ? "restart-server" : "try-again"}
            >
              {processEnded ? "Restart" : "Try again"}
            </Button>
          )}
        </div>
      )}
      <AuthNotice connection={c} />
      {(s.diagnosis || s.status === "error") && (
        <DiagnosisChecklist
          steps={s.diagnosis}
          running={diagnose.isPending}
          error={diagnose.error?.message}
          onRunAgain={() => diagnose.mutate()}
        />
      )}
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1.5">
        <Row label="Status">
          <StatusDot status={s.status} />
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
      <EraSection
        era={s.era}
        setting={c.protocolEra}
        redetect={{ run: () => redetect.mutate(), pending: redetect.isPending, error: redetect.error?.message }}
      />
      <section>
        <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Capabilities</h3>
        <div className="flex flex-wrap gap-1.5" data-testid="capabilities">
          {caps.length === 0 && <span className="text-xs text-muted-foreground">None reported</span>}
          {caps.map(([name, value]) =>
            // A bare "extensions" chip hid which ones (Tasks, MCP Apps…): one chip per extension name.
            name === "extensions" && value && typeof value === "object" && Object.keys(value).length > 0 ? (
              Object.entries(value).map(([ext, settings]) => (
                <Badge
                  key={`ext:${ext}`}
                  variant="secondary"
                  title={JSON.stringify(settings)}
                  data-testid="capability-extension"
                  data-extension={ext}
                >
                  extension · {ext}
                </Badge>
              ))
            ) : (
              <Badge key={name} variant="secondary" title={JSON.stringify(value)}>
                {name}
                {capabilityFlags(value)}
              </Badge>
            ),
          )}
        </div>
      </section>
      {s.instructions && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">Instructions</h3>
          <div className="rounded-md border bg-muted/30 p-3 text-sm leading-relaxed [&_a]:underline [&_code]:font-mono [&_code]:text-xs [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_li]:list-disc [&_p]:mb-2 [&_pre]:overflow-x-auto">
            <SafeMarkdown>{s.instructions}</SafeMarkdown>
          </div>
        </section>
      )}
      {c.transport === "stdio" && (
        <section>
          <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">stderr (last lines)</h3>
          <pre
            className="max-h-64 overflow-auto rounded-md border bg-muted/30 p-2 font-mono text-xs whitespace-pre-wrap"
            data-testid="stderr-tail"
          >
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
  const flags = Object.entries(value)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  return flags.length ? ` · ${flags.join(", ")}` : "";
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

export interface DiagnosisChecklistProps {
  /** Absent while no check has run (the doctor runs after a failed connect, or on demand). */
  steps?: DiagnosisStep[];
  running: boolean;
  error?: string;
  onRunAgain: () => void;
}

/** The connection doctor's steps in order: passed ones ticked, the failing one highlighted. */
export function DiagnosisChecklist({ steps, running, error, onRunAgain }: DiagnosisChecklistProps) {
  return (
    <section data-testid="diagnosis">
      <div className="mb-1.5 flex items-center gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground uppercase">Connection checks</h3>
        <Button size="xs" variant="outline" disabled={running} onClick={onRunAgain} data-testid="run-checks">
          {running ? "Checking…" : steps ? "Run checks again" : "Run checks"}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mb-1 text-xs text-destructive">
          {error}
        </p>
      )}
      {!steps ? (
        <p className="text-xs text-muted-foreground">{running ? "Checking each step…" : "No checks have run yet."}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {steps.map((step, i) => (
            <li
              key={`${step.step}-${i}`}
              data-testid="diagnosis-step"
              data-step={step.step}
              data-ok={step.ok}
              aria-current={step.ok ? undefined : "step"}
              className={cn("flex items-start gap-2 rounded-md px-2 py-1", !step.ok && "border border-destructive/30 bg-destructive/5")}
            >
              {step.ok ? (
                <CheckIcon aria-label="passed" className="mt-0.5 size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" />
              ) : (
                <XIcon aria-label="failed" className="mt-0.5 size-3.5 shrink-0 text-destructive" />
              )}
              <span className="w-44 shrink-0 font-medium">{DIAGNOSIS_LABEL[step.step]}</span>
              <span className={cn("min-w-0 break-words", !step.ok && "text-destructive")}>{step.detail}</span>
              {step.ms !== undefined && <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{step.ms} ms</span>}
            </li>
          ))}
          {steps.length > 0 && !steps[steps.length - 1]!.ok && (
            <li className="flex items-center gap-2 px-2 text-xs text-muted-foreground">
              <CircleSlashIcon aria-hidden className="size-3.5" /> Later steps were not checked.
            </li>
          )}
        </ol>
      )}
    </section>
  );
}
