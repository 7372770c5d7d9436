import "server-only";
import { AGUI_SEARCH_KIND } from "@/lib/contracts/agui";
import { getHub } from "@/lib/server/hub";
import { query } from "@/lib/server/rows";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";

/** Threads listed at most. */
const MAX_THREADS = 20;

interface ThreadRow {
  agent_id: string;
  thread_id: string;
  updated_at: number;
  name: string | null;
}

/** AG-UI's part of the session search: the threads Loupe keeps, by id. */
export const aguiSearch: SessionSearchSource = {
  search({ like }: SearchQuery): SearchPart {
    const rows = query<ThreadRow>(
      getHub().store,
      `SELECT t.agent_id, t.thread_id, t.updated_at, json_extract(a.config, '$.name') AS name
       FROM agui_threads t LEFT JOIN agui_agents a ON a.id = t.agent_id
       WHERE t.thread_id LIKE ? ESCAPE '\\' ORDER BY t.updated_at DESC LIMIT ${MAX_THREADS}`,
    ).all(like);
    const hits = rows.map((r): SearchHit => ({
      kind: AGUI_SEARCH_KIND,
      match: "id",
      agentId: r.agent_id,
      agentName: r.name ?? r.agent_id,
      id: r.thread_id,
      updatedAt: r.updated_at,
    }));
    return { hits };
  },
};
