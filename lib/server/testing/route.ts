import "server-only";
import type { CaseTarget } from "@/lib/contracts/testing";
import { savedHolder } from "@/lib/server/cluster/service";
import { getTesting } from "@/lib/server/testing/service";
import type { TestStore } from "@/lib/server/testing/store";

/** Cancelling one run (DELETE /api/tests/suites/<suite>/runs/<run>). */
const RUN = /^\/api\/tests\/suites\/([^/]+)\/runs\/([^/]+)$/;

/** The instance holding the saved peer or server `id` when it is another live one, null when none or this one. */
export type HolderOf = (id: string) => string | null | undefined;

/** testRunOn over the runs of `store` (tests hand their own). */
export function runRoute(store: () => TestStore): (method: string, pathname: string) => string | undefined {
  return (method, pathname) => {
    const match = method === "DELETE" ? RUN.exec(pathname) : null;
    if (!match) return undefined;
    try {
      const run = store().requireRun(decodeURIComponent(match[1] ?? ""), decodeURIComponent(match[2] ?? ""));
      return run.status === "running" ? run.instance : undefined;
    } catch {
      return undefined; // unknown (or a bad escape): the route here answers it in words
    }
  };
}

/**
 * The instance a cancel must reach (issue 25): the one running the run, as the run records it while
 * going (its replays and their abort live there). The cluster forwards the request there while that
 * instance is alive (lib/server/cluster/service.ts).
 */
export const testRunOn = runRoute(() => getTesting().store);

/**
 * Where a run of suite `suiteId` must start (issue 25): the one other instance holding every saved
 * server or agent its cases replay against — the run's own `target`, else the suite's default, else
 * each case's — since their upstream sessions (and the requests they raise) are there; undefined when
 * it runs here (a target held here, by nobody, by several instances, or not a saved one).
 */
export function runHolder(
  store: TestStore,
  suiteId: string,
  target: CaseTarget | undefined,
  holderOf: HolderOf = savedHolder,
): string | undefined {
  const suite = store.requireSuite(suiteId);
  const fixed = target ?? suite.defaultTarget;
  const targets = fixed ? [fixed] : suite.caseIds.map((id) => store.requireCase(id).target);
  const holders = new Set(targets.map((t) => (t.kind === "saved" ? (holderOf(t.id) ?? null) : null)));
  const [only] = holders;
  return holders.size === 1 && only ? only : undefined;
}
