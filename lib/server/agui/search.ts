import "server-only";
import { AGUI_SEARCH_KIND } from "@/lib/contracts/agui";
import { getHub } from "@/lib/server/hub";
import { parseRecord, query } from "@/lib/server/rows";
import { findText, snippetAround } from "@/lib/server/search/text";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";
import { isRecord } from "@/lib/values";

/** Threads listed at most. */
const MAX_THREADS = 20;

interface ThreadRow {
  agent_id: string;
  thread_id: string;
  updated_at: number;
  name: string | null;
  record: string;
}

/** The matching text of a thread Loupe keeps: its messages first, then its state. */
function threadText(record: string, needle: string): string | null {
  const thread = parseRecord<unknown>(record);
  if (!isRecord(thread)) return null;
  return findText(thread.messages, needle) ?? findText(thread.state, needle);
}

/** AG-UI's part of the session search: the threads Loupe keeps, by id or the text of their messages and state. */
export const aguiSearch: SessionSearchSource = {
  search({ like, needle }: SearchQuery): SearchPart {
    const rows = query<ThreadRow>(
      getHub().store,
      `SELECT t.agent_id, t.thread_id, t.updated_at, json_extract(a.config, '$.name') AS name, t.record
       FROM agui_threads t LEFT JOIN agui_agents a ON a.id = t.agent_id
       WHERE t.thread_id LIKE ? ESCAPE '\\' OR t.record LIKE ? ESCAPE '\\' ORDER BY t.updated_at DESC LIMIT ${MAX_THREADS}`,
    ).all(like, like);
    const hits = rows.flatMap((r): SearchHit[] => {
      const byId = r.thread_id.toLowerCase().includes(needle);
      // The record's LIKE also matches its keys and ids: only a thread whose text holds the query counts.
      const text = byId ? null : threadText(r.record, needle);
      if (!byId && text === null) return [];
      return [
        {
          kind: AGUI_SEARCH_KIND,
          match: byId ? "id" : "text",
          agentId: r.agent_id,
          agentName: r.name ?? r.agent_id,
          id: r.thread_id,
          ...(text ? { snippet: snippetAround(text, needle) } : {}),
          updatedAt: r.updated_at,
        },
      ];
    });
    return { hits };
  },
};
