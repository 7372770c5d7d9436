import "server-only";
import type { SessionSearchError, SessionSearchHitOf } from "@/lib/contracts/session-search";

/** A hit of any protocol: the seam stays open to a kind the contracts do not list yet (a new protocol, a test's). */
export type SearchHit = SessionSearchHitOf<string>;

/** One search, as every source reads it. */
export interface SearchQuery {
  /** The query, trimmed. */
  q: string;
  /** `q` lower-cased: what text matches compare against. */
  needle: string;
  /** `q` as a `LIKE … ESCAPE '\'` pattern. */
  like: string;
}

/** What one protocol found. */
export interface SearchPart {
  hits: SearchHit[];
  /** It stopped at one of its own bounds: more may match. */
  truncated?: boolean;
  /** Peers it could not search (shown beside the result; the rest still answers). */
  errors?: SessionSearchError[];
}

/** One protocol's part of the cross-protocol session search. */
export interface SessionSearchSource {
  search(query: SearchQuery): SearchPart | Promise<SearchPart>;
}
