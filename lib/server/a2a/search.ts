import "server-only";
import { A2A_SEARCH_KIND } from "@/lib/contracts/a2a";
import { getHub } from "@/lib/server/hub";
import { query } from "@/lib/server/rows";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";

/** Contexts listed at most. */
const MAX_CONTEXTS = 20;

interface ContextRow {
  agent_id: string;
  context_id: string;
  updated_at: number;
  name: string | null;
}

/**
 * A2A's part of the session search: the contexts of the tasks Loupe saw, by id. The agent's name is
 * aggregated too (one agent per group): PostgreSQL refuses a bare column outside GROUP BY.
 */
export const a2aSearch: SessionSearchSource = {
  search({ like }: SearchQuery): SearchPart {
    const rows = query<ContextRow>(
      getHub().store,
      `SELECT t.agent_id, t.context_id, MAX(t.updated_at) AS updated_at, MAX(json_extract(a.config, '$.name')) AS name
       FROM a2a_tasks t LEFT JOIN a2a_agents a ON a.id = t.agent_id
       WHERE t.context_id LIKE ? ESCAPE '\\' GROUP BY t.agent_id, t.context_id ORDER BY updated_at DESC LIMIT ${MAX_CONTEXTS}`,
    ).all(like);
    const hits = rows.map((r): SearchHit => ({
      kind: A2A_SEARCH_KIND,
      match: "id",
      agentId: r.agent_id,
      agentName: r.name ?? r.agent_id,
      id: r.context_id,
      updatedAt: r.updated_at,
    }));
    return { hits };
  },
};
