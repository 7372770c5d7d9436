import { afterAll, expect } from "vitest";
import type { SessionSearchResult } from "@/lib/contracts/session-search";
import { getHub } from "@/lib/server/hub";
import { tempDir } from "@/tests/support/servers";
import * as searchRoute from "@/app/api/sessions/search/route";

/**
 * A data folder of the test file's own (`prefix`), named by LOUPE_DATA_DIR: the hub and the routes
 * read it lazily, on their first call. Once the file's tests are done, the hub's store is closed and
 * the folder removed. Called at the top of the file, before anything opens the hub.
 */
export function useSearchDataDir(prefix: string): void {
  const data = tempDir(prefix);
  process.env.LOUPE_DATA_DIR = data.dir;
  afterAll(() => {
    getHub().store.close();
    data.cleanup();
  });
}

/** The session search's answer to `q`, through its route (which must answer 200). */
export async function searchSessions(q: string): Promise<SessionSearchResult> {
  const res = await searchRoute.GET(new Request(`http://127.0.0.1:3000/api/sessions/search?q=${encodeURIComponent(q)}`));
  expect(res.status).toBe(200);
  return (await res.json()) as SessionSearchResult;
}

/** The hits, each as [kind, match, agent name, id, snippet]. */
export const foundHits = (r: SessionSearchResult) => r.hits.map((h) => [h.kind, h.match, h.agentName, h.id, h.snippet]);
