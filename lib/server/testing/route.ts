import "server-only";
import { savedHolder } from "@/lib/server/cluster/service";
import { getTesting } from "@/lib/server/testing/service";
import type { TestStore } from "@/lib/server/testing/store";

/** Starting a suite's run (POST …/runs) and cancelling one (DELETE …/runs/<run>). */
const RUNS = /^\/api\/tests\/suites\/([^/]+)\/runs(?:\/([^/]+))?$/;

/** The one instance holding every saved peer or server `ids` name, when it is another live one; else undefined. */
type HolderOf = (id: string) => string | null | undefined;

function decoded(text: string | undefined): string | undefined {
  try {
    return text === undefined ? undefined : decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** testRunOn over the runs of `store`, the holders `holderOf` names (tests hand their own). */
export function runRoute(
  store: () => TestStore,
  holderOf: HolderOf = savedHolder,
): (method: string, pathname: string) => string | undefined {
  return (method, pathname) => {
    const match = RUNS.exec(pathname);
    const suiteId = decoded(match?.[1]);
    if (!match || !suiteId) return undefined;
    try {
      if (method === "DELETE" && match[2]) {
        const run = store().requireRun(suiteId, decoded(match[2]) ?? "");
        return run.status === "running" ? run.instance : undefined;
      }
      if (method !== "POST" || match[2]) return undefined;
      return targetsHolder(store(), suiteId, holderOf);
    } catch {
      return undefined; // unknown: the route here answers it in words
    }
  };
}

/**
 * The instance holding every saved target the suite's cases run against (its default, else each
 * case's own), when it is one other instance: their replays talk to the upstream session held there.
 * A run that names its own target in the body is not seen here (the body is not read): it runs where
 * it is asked.
 */
function targetsHolder(store: TestStore, suiteId: string, holderOf: HolderOf): string | undefined {
  const suite = store.requireSuite(suiteId);
  const targets = suite.defaultTarget ? [suite.defaultTarget] : suite.caseIds.map((id) => store.requireCase(id).target);
  const holders = new Set(targets.map((t) => (t.kind === "saved" ? (holderOf(t.id) ?? null) : null)));
  const [only] = holders;
  return holders.size === 1 && only ? only : undefined;
}

/**
 * The instance a run's request must reach (issue 25): a cancel, the one running it (as the run
 * records it while going: its replays and their abort live there); a start, the one holding the
 * saved servers or agents its cases replay against. The cluster forwards the request there while
 * that instance is alive (lib/server/cluster/service.ts).
 */
export const testRunOn = runRoute(() => getTesting().store);
