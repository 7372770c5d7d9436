import "server-only";
import { LG_SEARCH_KIND } from "@/lib/contracts/langgraph";
import { getHub } from "@/lib/server/hub";
import { query } from "@/lib/server/rows";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";

/** Threads listed at most. */
const MAX_THREADS = 20;

interface ThreadRow {
  deployment_id: string;
  thread_id: string;
  updated_at: number;
  name: string | null;
}

/** LangGraph's part of the session search: the threads Loupe has seen (started, opened, found interrupted), by id. */
export const lgSearch: SessionSearchSource = {
  search({ like }: SearchQuery): SearchPart {
    const rows = query<ThreadRow>(
      getHub().store,
      `SELECT t.deployment_id, t.thread_id, t.updated_at, json_extract(d.config, '$.name') AS name
       FROM langgraph_threads t LEFT JOIN langgraph_deployments d ON d.id = t.deployment_id
       WHERE t.thread_id LIKE ? ESCAPE '\\' ORDER BY t.updated_at DESC LIMIT ${MAX_THREADS + 1}`,
    ).all(like);
    const hits = rows.slice(0, MAX_THREADS).map((r): SearchHit => ({
      kind: LG_SEARCH_KIND,
      match: "id",
      agentId: r.deployment_id,
      agentName: r.name ?? r.deployment_id,
      id: r.thread_id,
      updatedAt: r.updated_at,
    }));
    return { hits, ...(rows.length > MAX_THREADS ? { truncated: true } : {}) };
  },
};
