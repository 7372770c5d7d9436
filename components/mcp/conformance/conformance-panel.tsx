"use client";

import { useState } from "react";
import { QueryError } from "@/components/elements/query-error";
import type { ConformanceRevision } from "@/lib/contracts/conformance";
import type { ConnectionView } from "@/lib/contracts/connections";
import { AuthNote } from "./auth-note";
import { RunControls } from "./run-controls";
import { RunHistory } from "./run-history";
import { RunProgress } from "./run-progress";
import { RunResults } from "./run-results";
import { SuiteSetup } from "./suite-setup";
import { useConformance } from "./use-conformance";

/** The revision the connection speaks, when it is one the suite has requirements for. */
function defaultRevision(c: ConnectionView): ConformanceRevision {
  return c.state.era?.version === "2026-07-28" ? "2026-07-28" : "2025-11-25";
}

/**
 * The Conformance tab: the official suite's server scenarios run against this connection's URL
 * (a revision's requirement set, or one scenario), its progress, and the kept runs with every check.
 */
export function ConformancePanel({ connection: c }: { connection: ConnectionView }) {
  if (c.transport !== "http") {
    return (
      <div className="p-4 text-sm text-muted-foreground" data-testid="conformance-unavailable">
        The conformance suite tests a server by URL over Streamable HTTP.{" "}
        {c.transport === "stdio"
          ? "This is a stdio connection: run the server in its HTTP mode and add it by URL to test it here."
          : "This connection uses the legacy HTTP+SSE transport, which the suite does not speak."}
      </div>
    );
  }
  return <HttpConformance connection={c} headerNames={Object.keys(c.headers)} />;
}

function HttpConformance({ connection: c, headerNames }: { connection: ConnectionView; headerNames: string[] }) {
  const [revision, setRevision] = useState<ConformanceRevision>(() => defaultRevision(c));
  const [scenario, setScenario] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const { suite, install, state, scenarios, start, cancel } = useConformance(c.id, revision);
  const installed = suite.data?.status === "installed";
  const runs = state.data?.runs ?? [];
  const active = state.data?.active ?? null;
  // The run going now wins; otherwise the one picked in the history, else the newest.
  const shown = active ?? runs.find((r) => r.id === picked) ?? runs[0] ?? null;
  const hasOAuthToken = c.state.auth?.status === "authorized";

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4" data-testid="conformance-panel">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-sm font-semibold">Conformance</h2>
        <span className="text-xs text-muted-foreground">
          The official MCP conformance suite&apos;s server scenarios, run against this server&apos;s URL.
        </span>
      </div>
      {suite.error && <QueryError title="Could not check the conformance suite" error={suite.error} onRetry={() => void suite.refetch()} />}
      {suite.data && !installed && (
        <SuiteSetup suite={suite.data} onInstall={() => install.mutate()} starting={install.isPending} error={install.error} />
      )}
      {installed && (
        <RunControls
          revision={revision}
          onRevision={(r) => {
            setRevision(r);
            setScenario("");
          }}
          scenario={scenario}
          onScenario={setScenario}
          scenarios={scenarios.data}
          running={active !== null}
          starting={start.isPending}
          cancelling={cancel.isPending}
          onRun={() => start.mutate({ revision, ...(scenario ? { scenario } : {}) })}
          onCancel={() => cancel.mutate()}
        />
      )}
      <AuthNote headerNames={headerNames} hasOAuthToken={hasOAuthToken} />
      {scenarios.error && (
        <QueryError title="Could not list the suite's scenarios" error={scenarios.error} onRetry={() => void scenarios.refetch()} />
      )}
      {start.error && <QueryError title="Could not start the run" error={start.error} />}
      {cancel.error && <QueryError title="Could not cancel the run" error={cancel.error} />}
      {state.error && <QueryError title="Could not load conformance runs" error={state.error} onRetry={() => void state.refetch()} />}
      {active && <RunProgress progress={active.progress} finished={active.scenarios.length} />}
      {runs.length > 0 && <RunHistory runs={runs} selectedId={shown?.id ?? null} onSelect={setPicked} />}
      {shown ? (
        <RunResults key={shown.id} run={shown} />
      ) : (
        state.isSuccess &&
        installed && (
          <p className="text-xs text-muted-foreground" data-testid="conformance-empty">
            No run yet. Pick a revision and Run: the whole requirement set takes a few seconds to a few minutes.
          </p>
        )
      )}
    </div>
  );
}
