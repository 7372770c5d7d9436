import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type {
  ConformanceRevision,
  ConformanceRun,
  ConformanceScenarioList,
  ConformanceState,
  ConformanceSuiteState,
  StartConformanceBody,
} from "@/lib/contracts/conformance";
import { connectionScope } from "@/lib/queries/connections";

export const conformanceKeys = {
  suite: () => ["conformance-suite"] as const,
  state: (connectionId: string) => [...connectionScope(connectionId), "conformance"] as const,
  scenarios: (connectionId: string, revision: ConformanceRevision) =>
    [...connectionScope(connectionId), "conformance-scenarios", revision] as const,
};

const base = (connectionId: string) => `/api/connections/${encodeURIComponent(connectionId)}/conformance`;

/** While a run goes its progress is polled (2 per second); the suite prints no more often than that matters. */
const POLL_MS = 500;

/** GET …/conformance: the active run and the kept runs. Polled only while a run is going. */
export function conformanceStateQuery(connectionId: string) {
  return queryOptions({
    queryKey: conformanceKeys.state(connectionId),
    queryFn: ({ signal }) => apiFetch<ConformanceState>(base(connectionId), { signal }),
    refetchInterval: (query) => (query.state.data?.active ? POLL_MS : false),
  });
}

/** GET …/conformance/scenarios?revision=: fixed for an installed suite, so never stale. */
export function conformanceScenariosQuery(connectionId: string, revision: ConformanceRevision) {
  return queryOptions({
    queryKey: conformanceKeys.scenarios(connectionId, revision),
    queryFn: ({ signal }) =>
      apiFetch<ConformanceScenarioList>(`${base(connectionId)}/scenarios?revision=${encodeURIComponent(revision)}`, { signal }),
    staleTime: Infinity,
  });
}

/** GET /api/conformance/suite: installed or not (it reads the disk only); npm's lines polled while it installs. */
export function conformanceSuiteQuery() {
  return queryOptions({
    queryKey: conformanceKeys.suite(),
    queryFn: ({ signal }) => apiFetch<ConformanceSuiteState>("/api/conformance/suite", { signal }),
    refetchInterval: (query) => (query.state.data?.status === "installing" ? POLL_MS * 2 : false),
  });
}

export const conformanceApi = {
  installSuite: () => apiFetch<ConformanceSuiteState>("/api/conformance/suite", { method: "POST" }),
  start: (connectionId: string, body: StartConformanceBody) => apiFetch<ConformanceRun>(base(connectionId), { method: "POST", body }),
  cancel: (connectionId: string) => apiFetch<ConformanceRun>(`${base(connectionId)}/cancel`, { method: "POST" }),
};
