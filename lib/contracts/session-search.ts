import { z } from "zod";
import type { SessionSearchKind } from "@/lib/contracts/protocols";

export type { SessionSearchKind } from "@/lib/contracts/protocols";

/** GET /api/sessions/search?q= (issue 12): ADK sessions by id, recorded text, name and label; other conversations by id. */
export const SessionSearchQuery = z.object({ q: z.string().trim().min(1, "type something to search for").max(200) });

/** What matched: the id, Loupe's recorded text of the session, or its name / labels. */
export type SessionSearchMatch = "id" | "text" | "label";

/** One hit; `K` its kind (SessionSearchKind, or any string where the server seam stays open to a new protocol). */
export interface SessionSearchHitOf<K extends string> {
  kind: K;
  match: SessionSearchMatch;
  /** The ADK agent server, A2A agent or AG-UI agent (none for a playground conversation). */
  agentId?: string;
  agentName?: string;
  appName?: string;
  userId?: string;
  /** Session id, playground conversation id, A2A contextId or AG-UI threadId. */
  id: string;
  name?: string;
  labels?: string[];
  /** The matching text (a text match), for the UI to highlight the query in. */
  snippet?: string;
  /** The ADK event the text matched (opens the session with ?e=). */
  eventId?: string;
  updatedAt: number | null;
}
export type SessionSearchHit = SessionSearchHitOf<SessionSearchKind>;

export interface SessionSearchResult<Hit = SessionSearchHit> {
  query: string;
  hits: Hit[];
  /** An agent server whose sessions could not be listed: its sessions are missing from the id matches. */
  errors: SessionSearchError[];
  /** More matched than the result holds. */
  truncated: boolean;
}

export interface SessionSearchError {
  agentId: string;
  agentName: string;
  error: string;
}
