import "server-only";
import type { SessionSearchError, SessionSearchResult } from "@/lib/contracts/session-search";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";
import { likePattern } from "@/lib/server/search/text";
import type { SearchHit } from "@/lib/server/search/types";
import { processWide } from "@/lib/server/process-wide";

/** A search answers with at most this many rows (each protocol bounds what it reads). */
export const MAX_HITS = 100;

/**
 * The cross-protocol session search (GET /api/sessions/search): each protocol's part (its adapter's
 * `search`: ADK sessions by id, recorded text, name and label; playground conversations by id,
 * title and text; A2A contexts, AG-UI and LangGraph threads by id and text; other protocols' by id), in the
 * registry's order, bounded here.
 */
export class SessionSearch {
  constructor(private readonly registry: ProtocolRegistry = PROTOCOL_ADAPTERS) {}

  async search(query: string): Promise<SessionSearchResult<SearchHit>> {
    const q = query.trim();
    const read = { q, needle: q.toLowerCase(), like: likePattern(q) };
    const hits: SearchHit[] = [];
    const errors: SessionSearchError[] = [];
    let truncated = false;
    for (const adapter of this.registry) {
      if (!adapter.search) continue;
      const part = await adapter.search.search(read);
      hits.push(...part.hits);
      errors.push(...(part.errors ?? []));
      truncated ||= part.truncated === true;
    }
    return { query: q, hits: hits.slice(0, MAX_HITS), errors, truncated: truncated || hits.length > MAX_HITS };
  }
}

const SEARCH_KEY = Symbol.for("loupe.sessionSearch");

/** The process's session search (on globalThis, like the services it reads). */
export function getSessionSearch(): SessionSearch {
  return processWide(SEARCH_KEY, () => new SessionSearch());
}
