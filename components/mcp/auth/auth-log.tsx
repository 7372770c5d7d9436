"use client";

import type { Entry } from "@/lib/contracts/entries";
import { AUTH_EVENT_KIND, AUTH_HTTP_KIND, AUTH_PHASE_ORDER } from "@/lib/contracts/auth";
import type { AuthHttpExchange, AuthPhase } from "@/lib/contracts/auth";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { cn } from "@/lib/cn";

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

export function exchangeOk(x: AuthHttpExchange): boolean {
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
