import "server-only";
import { A2A_SEARCH_KIND } from "@/lib/contracts/a2a";
import { getHub } from "@/lib/server/hub";
import { parseRecord, query } from "@/lib/server/rows";
import { findText, snippetAround } from "@/lib/server/search/text";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";
import { isRecord } from "@/lib/values";

/** Contexts listed at most; recorded entries read at most for a text match. */
const MAX_CONTEXTS = 20;
const MAX_ENTRY_ROWS = 300;

interface ContextRow {
  agent_id: string;
  context_id: string;
  updated_at: number;
  name: string | null;
}

interface EntryRow extends ContextRow {
  kind: string;
  raw: string;
}

/** What was said in an entry: the body Loupe sent or received, not its headers or url. */
function said(row: EntryRow): unknown {
  const raw = parseRecord<unknown>(row.raw);
  if (!isRecord(raw)) return undefined;
  return row.kind === "a2a_frame" ? raw.payload : raw.body;
}

/** Contexts whose recorded messages, statuses or artifacts hold the query (the frames name their context). */
function byText(like: string, needle: string): { hits: SearchHit[]; full: boolean } {
  const rows = query<EntryRow>(
    getHub().store,
    `SELECT e.connection_id AS agent_id, e.session_key AS context_id, e.received_at AS updated_at,
            json_extract(a.config, '$.name') AS name, e.kind, e.raw
     FROM entries e JOIN a2a_agents a ON a.id = e.connection_id
     WHERE e.protocol = 'a2a' AND e.kind IN ('a2a_frame', 'a2a_push', 'a2a_request') AND e.session_key IS NOT NULL
       AND e.raw LIKE ? ESCAPE '\\'
     ORDER BY e.seq DESC LIMIT ${MAX_ENTRY_ROWS}`,
  ).all(like);
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.agent_id}\n${row.context_id}`;
    if (seen.has(key)) continue;
    const text = findText(said(row), needle);
    if (text === null) continue;
    seen.add(key);
    hits.push({
      kind: A2A_SEARCH_KIND,
      match: "text",
      agentId: row.agent_id,
      agentName: row.name ?? row.agent_id,
      id: row.context_id,
      snippet: snippetAround(text, needle),
      updatedAt: row.updated_at,
    });
  }
  return { hits, full: rows.length >= MAX_ENTRY_ROWS };
}

/**
 * A2A's part of the session search: the contexts of the tasks Loupe saw, by id and by the text
 * Loupe recorded of them. The agent's name is aggregated too (one agent per group): PostgreSQL
 * refuses a bare column outside GROUP BY.
 */
export const a2aSearch: SessionSearchSource = {
  search({ like, needle }: SearchQuery): SearchPart {
    const rows = query<ContextRow>(
      getHub().store,
      `SELECT t.agent_id, t.context_id, MAX(t.updated_at) AS updated_at, MAX(json_extract(a.config, '$.name')) AS name
       FROM a2a_tasks t LEFT JOIN a2a_agents a ON a.id = t.agent_id
       WHERE t.context_id LIKE ? ESCAPE '\\' GROUP BY t.agent_id, t.context_id ORDER BY updated_at DESC LIMIT ${MAX_CONTEXTS}`,
    ).all(like);
    const ids = rows.map((r): SearchHit => ({
      kind: A2A_SEARCH_KIND,
      match: "id",
      agentId: r.agent_id,
      agentName: r.name ?? r.agent_id,
      id: r.context_id,
      updatedAt: r.updated_at,
    }));
    const found = new Set(ids.map((h) => `${h.agentId}\n${h.id}`));
    const text = byText(like, needle);
    const more = text.hits.filter((h) => !found.has(`${h.agentId}\n${h.id}`));
    return { hits: [...ids, ...more.slice(0, MAX_CONTEXTS)], truncated: text.full || more.length > MAX_CONTEXTS };
  },
};
