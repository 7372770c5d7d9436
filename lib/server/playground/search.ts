import "server-only";
import { PLAYGROUND_SEARCH_KIND } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { parseRecord, query } from "@/lib/server/rows";
import { findText, snippetAround } from "@/lib/server/search/text";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";

/** Conversations listed at most. */
const MAX_CONVERSATIONS = 20;

interface ConversationRow {
  id: string;
  title: string;
  messages: string;
  updated_at: number;
}

/** The playground's part of the session search: conversations by id, title or the text of their messages. */
export const playgroundSearch: SessionSearchSource = {
  search({ like, needle }: SearchQuery): SearchPart {
    const rows = query<ConversationRow>(
      getHub().store,
      `SELECT id, title, messages, updated_at FROM playground_conversations
       WHERE id LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' OR messages LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ${MAX_CONVERSATIONS}`,
    ).all(like, like, like);
    const hits = rows.map((c): SearchHit => {
      const byId = c.id.toLowerCase().includes(needle);
      const inTitle = c.title.toLowerCase().includes(needle);
      const text = byId || inTitle ? null : findText(parseRecord<unknown>(c.messages), needle);
      return {
        kind: PLAYGROUND_SEARCH_KIND,
        match: byId ? "id" : "text",
        id: c.id,
        name: c.title,
        ...(text ? { snippet: snippetAround(text, needle) } : inTitle ? { snippet: c.title } : {}),
        updatedAt: c.updated_at,
      };
    });
    return { hits };
  },
};
