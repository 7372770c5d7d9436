import "server-only";
import { getTesting } from "@/lib/server/testing/service";
import type { TestStore } from "@/lib/server/testing/store";

/** Cancelling one run (DELETE /api/tests/suites/<suite>/runs/<run>). */
const RUN = /^\/api\/tests\/suites\/([^/]+)\/runs\/([^/]+)$/;

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
