"use client";

import type { Entry } from "@/lib/contracts/entries";
import { AUTH_EVENT_KIND, AUTH_HTTP_KIND, AUTH_PHASE_ORDER } from "@/lib/contracts/auth";
import type { AuthHttpExchange, AuthPhase } from "@/lib/contracts/auth";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { cn } from "@/lib/cn";
import { formatClock } from "@/lib/format";

export const PHASE_LABEL: Record<AuthPhase, string> = {
  resource: "MCP server challenge",
  "prm-discovery": "Protected resource metadata",
  "as-discovery": "Authorization server metadata",
  registration: "Client registration",
  authorization: "User authorization",
  token: "Token exchange",
  refresh: "Token refresh",
  other: "Other",
};

type StepStatus = "ok" | "failed" | "waiting";

function exchangeOk(x: AuthHttpExchange): boolean {
  // A challenge from the MCP server is the expected start; a 404 during discovery is one of
  // several URLs tried; everything else must be 2xx (or a redirect).
  if (x.phase === "resource") return x.status === 401 || x.status === 403 || (x.status >= 200 && x.status < 300);
  return x.status >= 200 && x.status < 400;
}

/** Each phase of the latest flow with how it went: the row a failing flow is diagnosed from. */
export function stepsOf(entries: readonly Entry[]): { phase: AuthPhase; status: StepStatus; detail: string }[] {
  const last = new Map<AuthPhase, { status: StepStatus; detail: string }>();
  for (const e of entries) {
    const read = parseEntry(e);
    if (!read.ok) continue;
    if (read.kind === AUTH_HTTP_KIND) {
      const x = read.raw;
      const prev = last.get(x.phase);
      const ok = exchangeOk(x);
      // Discovery tries several URLs: one success makes the step a success.
      if (prev?.status === "ok" && !ok && (x.phase === "prm-discovery" || x.phase === "as-discovery")) continue;
      last.set(x.phase, { status: ok ? "ok" : "failed", detail: x.error ?? `${x.method} ${x.status || "no answer"}` });
    } else if (read.kind === AUTH_EVENT_KIND) {
      const ev = read.raw;
      if (ev.event === "authorization_needed") last.set("authorization", { status: "waiting", detail: "Waiting for the user" });
      else if (ev.event === "callback") last.set("authorization", { status: "ok", detail: "Code received" });
      else if (ev.event === "error") last.set(ev.phase, { status: "failed", detail: ev.message });
    }
  }
  return AUTH_PHASE_ORDER.filter((p) => last.has(p)).map((phase) => ({ phase, ...last.get(phase)! }));
}

const DOT: Record<StepStatus, string> = {
  ok: "bg-emerald-500",
  failed: "bg-destructive",
  waiting: "bg-amber-500",
};

export function AuthSteps({ entries }: { entries: readonly Entry[] }) {
  const steps = stepsOf(entries);
  if (steps.length === 0) return <p className="text-xs text-muted-foreground">No authorization has been attempted yet.</p>;
  return (
    <ol className="flex flex-col gap-1" data-testid="auth-steps">
      {steps.map((s, i) => (
        <li key={s.phase} className="flex items-center gap-2 text-xs" data-testid={`auth-step-${s.phase}`} data-status={s.status}>
          <span className="w-4 text-right font-mono text-muted-foreground">{i + 1}</span>
          <span className={cn("size-2 shrink-0 rounded-full", DOT[s.status])} aria-hidden />
          <span className="w-56 font-medium">{PHASE_LABEL[s.phase]}</span>
          <span className="sr-only">{s.status}</span>
          <span className="min-w-0 truncate font-mono text-muted-foreground" title={s.detail}>
            {s.detail}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Pre({ value }: { value: unknown }) {
  if (value === undefined) return <p className="text-muted-foreground">(none)</p>;
  return (
    <pre className="max-h-72 overflow-auto rounded border bg-muted/30 p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
      {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Every exchange and event of the flow, oldest first; each exchange opens to its masked request and answer. */
export function AuthExchanges({ entries }: { entries: readonly Entry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" data-testid="auth-exchanges">
      {entries.map((e) => {
        const time = formatClock(e.receivedAt);
        const read = parseEntry(e);
        if (!read.ok) return <UnreadEntry key={e.seq} time={time} error={read.error} raw={e.raw} />;
        if (read.kind !== AUTH_HTTP_KIND) {
          if (read.kind !== AUTH_EVENT_KIND) return null;
          const ev = read.raw;
          return (
            <li key={e.seq} className={cn("rounded border px-2 py-1 text-xs", !ev.ok && "border-destructive/40 bg-destructive/5")} data-testid="auth-event">
              <span className="mr-2 font-mono text-muted-foreground">{time}</span>
              <span className="mr-2 font-medium">{PHASE_LABEL[ev.phase]}</span>
              {ev.message}
            </li>
          );
        }
        const x = read.raw;
        return (
          <li key={e.seq}>
            <details className={cn("rounded border text-xs", !exchangeOk(x) && "border-destructive/40")} data-testid="auth-exchange" data-phase={x.phase}>
              <summary className="flex cursor-pointer items-center gap-2 px-2 py-1">
                <span className="font-mono text-muted-foreground">{time}</span>
                <span className="w-44 shrink-0 font-medium">{PHASE_LABEL[x.phase]}</span>
                <span className="font-mono">{x.method}</span>
                <span className={cn("font-mono", exchangeOk(x) ? "text-emerald-600 dark:text-emerald-400" : "text-destructive")}>{x.status || "—"}</span>
                <span className="min-w-0 flex-1 truncate font-mono text-muted-foreground" title={x.url}>
                  {x.url}
                </span>
                <span className="font-mono text-muted-foreground">{x.ms} ms</span>
              </summary>
              <div className="grid gap-2 border-t p-2 md:grid-cols-2">
                {x.error && <p className="text-destructive md:col-span-2">{x.error}</p>}
                <div className="flex flex-col gap-1">
                  <h4 className="font-semibold">Request headers</h4>
                  <Pre value={x.requestHeaders} />
                  <h4 className="font-semibold">Request body</h4>
                  <Pre value={x.requestBody} />
                </div>
                <div className="flex flex-col gap-1">
                  <h4 className="font-semibold">Response headers</h4>
                  <Pre value={x.responseHeaders} />
                  <h4 className="font-semibold">Response body</h4>
                  <Pre value={x.responseBody} />
                </div>
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** An entry of the log that does not have its kind's shape (another version's): shown raw. */
function UnreadEntry({ time, error, raw }: { time: string; error: string; raw: unknown }) {
  return (
    <li data-testid="auth-unread">
      <details className="rounded border border-dashed text-xs">
        <summary className="flex cursor-pointer items-center gap-2 px-2 py-1">
          <span className="font-mono text-muted-foreground">{time}</span>
          <span className="min-w-0 truncate text-muted-foreground">{error}</span>
        </summary>
        <div className="border-t p-2">
          <Pre value={raw} />
        </div>
      </details>
    </li>
  );
}
