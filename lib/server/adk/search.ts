import "server-only";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { ADK_SEARCH_KIND, parseAdkSessionKey } from "@/lib/contracts/agents";
import type { SessionSearchError } from "@/lib/contracts/session-search";
import { AppError } from "@/lib/errors";
import type { AgentRegistry } from "@/lib/server/adk/agents";
import * as api from "@/lib/server/adk/sessions";
import { parseRecord, query } from "@/lib/server/rows";
import { findText, likePattern, snippetAround, within } from "@/lib/server/search/text";
import type { SearchHit, SearchPart, SearchQuery, SessionSearchSource } from "@/lib/server/search/types";
import { isRecord } from "@/lib/values";

/** Bounds: label matches listed at most, recorded entries read at most. */
const MAX_LABEL_HITS = 100;
const MAX_ENTRY_ROWS = 300;
/** Users of one agent whose session lists are read (the configured one, then those seen in recordings). */
const MAX_USERS = 20;
/** User messages whose event id is looked up in the stored session (one upstream read each). */
const MAX_RESOLVE = 5;
/** Session lists are read again after this long (typing a query fires a search per pause). */
const LIST_TTL_MS = 10_000;
/** A server that hangs is reported after this long instead of holding the search for the upstream's 15 s. */
const AGENT_LIST_MS = 5_000;

interface Listing {
  at: number;
  sessions: AgentSessionSummary[];
}

interface EntryHitRow {
  seq: number;
  connection_id: string;
  session_key: string;
  kind: string;
  raw: string;
  received_at: number;
}

/**
 * ADK's part of the session search: sessions across every saved agent server by id (the upstream
 * lists, cached briefly; a server that does not answer is reported, not fatal), by name or label,
 * and by the text Loupe recorded of their runs.
 */
export class AdkSessionSearch implements SessionSearchSource {
  private listings = new Map<string, Listing>();
  private listedFor: AgentRegistry | undefined;

  constructor(private readonly registry: () => AgentRegistry) {}

  /** The registry, with a fresh cache when it is a new one (tests start one per data dir). */
  private get agents(): AgentRegistry {
    const agents = this.registry();
    if (agents !== this.listedFor) [this.listedFor, this.listings] = [agents, new Map()];
    return agents;
  }

  private usersOf(agents: AgentRegistry, agentId: string): string[] {
    const configured = agents.get(agentId).userId;
    const keys = query<{ session_key: string }>(
      agents.hub.store,
      "SELECT DISTINCT session_key FROM entries WHERE connection_id = ? AND protocol = 'adk' AND session_key IS NOT NULL",
    ).all(agentId);
    const seen = keys.map((k) => parseAdkSessionKey(k.session_key)?.userId).filter((u): u is string => Boolean(u));
    return [...new Set([configured, ...seen, ...agents.labels.users(agentId)])].slice(0, MAX_USERS);
  }

  private async sessionsOf(agents: AgentRegistry, agentId: string, apps: string[]): Promise<AgentSessionSummary[]> {
    const cached = this.listings.get(agentId);
    if (cached && Date.now() - cached.at < LIST_TTL_MS) return cached.sessions;
    const names = apps.length > 0 ? apps : await api.listApps(agents.target(agentId));
    const users = this.usersOf(agents, agentId);
    const lists = await Promise.all(names.flatMap((app) => users.map((u) => agents.listSessions(agentId, app, u))));
    const sessions = lists.flat();
    this.listings.set(agentId, { at: Date.now(), sessions });
    return sessions;
  }

  private async byId(agents: AgentRegistry, needle: string, errors: SessionSearchError[]): Promise<SearchHit[]> {
    const perAgent = await Promise.all(
      agents.list().map(async (agent) => {
        try {
          const sessions = await within(this.sessionsOf(agents, agent.id, agent.state.apps), AGENT_LIST_MS);
          return sessions
            .filter((s) => s.id.toLowerCase().includes(needle))
            .map((s): SearchHit => ({
              kind: ADK_SEARCH_KIND,
              match: "id",
              agentId: agent.id,
              agentName: agent.name,
              appName: s.appName,
              userId: s.userId,
              id: s.id,
              ...(s.name ? { name: s.name } : {}),
              ...(s.labels ? { labels: s.labels } : {}),
              updatedAt: s.lastUpdateTime,
            }));
        } catch (e) {
          errors.push({ agentId: agent.id, agentName: agent.name, error: AppError.from(e).message });
          return [];
        }
      }),
    );
    return perAgent.flat();
  }

  private byLabel(agents: AgentRegistry, q: string): SearchHit[] {
    return agents.labels
      .search(q, MAX_LABEL_HITS)
      .filter((l) => agents.has(l.agentId))
      .map((l) => ({
        kind: ADK_SEARCH_KIND,
        match: "label",
        agentId: l.agentId,
        agentName: agents.get(l.agentId).name,
        appName: l.appName,
        userId: l.userId,
        id: l.sessionId,
        ...(l.name ? { name: l.name } : {}),
        labels: l.labels,
        updatedAt: l.updatedAt,
      }));
  }

  /** The recorded events and user messages of ADK sessions (not those deleted through Loupe). */
  private byText(agents: AgentRegistry, q: string, needle: string): { hits: SearchHit[]; full: boolean; resolve: SearchHit[] } {
    const ids = agents.list().map((a) => a.id);
    if (ids.length === 0) return { hits: [], full: false, resolve: [] };
    const rows = query<EntryHitRow>(
      agents.hub.store.db,
      `SELECT e.seq, e.connection_id, e.session_key, e.kind, e.raw, e.received_at FROM entries e
       WHERE e.protocol = 'adk' AND e.kind IN ('event', 'user_message') AND e.session_key IS NOT NULL
         AND e.connection_id IN (${ids.map(() => "?").join(", ")}) AND e.raw LIKE ? ESCAPE '\\'
         AND NOT EXISTS (SELECT 1 FROM agent_deleted_sessions d
                         WHERE d.agent_id = e.connection_id AND d.session_key = e.session_key AND e.seq <= d.last_seq)
       ORDER BY e.seq DESC LIMIT ?`,
    ).all(...ids, likePattern(q), MAX_ENTRY_ROWS);
    const hits: SearchHit[] = [];
    const resolve: SearchHit[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const where = parseAdkSessionKey(row.session_key);
      if (!where) continue;
      const raw = parseRecord<unknown>(row.raw);
      const body = isRecord(raw) ? (row.kind === "event" ? raw.content : raw.newMessage) : undefined;
      const parts = isRecord(body) && Array.isArray(body.parts) ? body.parts : [];
      const said = parts.filter((p) => !(isRecord(p) && p.thought === true));
      // What was said first, then thoughts; a match only in the event's structure (a tool's arguments) still counts.
      const text = findText(said, needle) ?? findText(body, needle) ?? findText(raw, needle);
      if (text === null) continue;
      const eventId = row.kind === "event" && isRecord(raw) && typeof raw.id === "string" ? raw.id : undefined;
      const snippet = snippetAround(text, needle);
      // Partial frames of one event repeat its text: one row per event (per user message).
      const key = `${row.connection_id}\n${row.session_key}\n${eventId ?? `#${row.seq}`}\n${eventId ? "" : snippet}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const label = agents.labels.get(row.connection_id, where.appName, where.userId, where.sessionId);
      const hit: SearchHit = {
        kind: ADK_SEARCH_KIND,
        match: "text",
        agentId: row.connection_id,
        agentName: agents.get(row.connection_id).name,
        appName: where.appName,
        userId: where.userId,
        id: where.sessionId,
        ...(label?.name ? { name: label.name } : {}),
        ...(label?.labels.length ? { labels: label.labels } : {}),
        snippet,
        ...(eventId ? { eventId } : {}),
        updatedAt: row.received_at,
      };
      hits.push(hit);
      if (!eventId && resolve.length < MAX_RESOLVE) resolve.push(hit);
    }
    return { hits, full: rows.length >= MAX_ENTRY_ROWS, resolve };
  }

  /** A user message is recorded before the server gives it an event id: read it from the stored session. */
  private async resolveUserEvents(agents: AgentRegistry, hits: SearchHit[], needle: string): Promise<void> {
    await Promise.all(
      hits.map(async (hit) => {
        if (!hit.agentId || !hit.appName || !hit.userId) return;
        try {
          const session = await api.getSession(agents.target(hit.agentId), hit.appName, hit.userId, hit.id);
          const events: unknown[] = session.events;
          const ev = events.find((r) => isRecord(r) && r.author === "user" && findText(r.content, needle) !== null);
          if (isRecord(ev) && typeof ev.id === "string") hit.eventId = ev.id;
        } catch {
          // The session is gone or the server is down: the row still opens the session.
        }
      }),
    );
  }

  async search({ q, needle }: SearchQuery): Promise<SearchPart> {
    const agents = this.agents;
    const errors: SessionSearchError[] = [];
    const [ids, text] = [await this.byId(agents, needle, errors), this.byText(agents, q, needle)];
    await this.resolveUserEvents(agents, text.resolve, needle);
    return { hits: [...ids, ...this.byLabel(agents, q), ...text.hits], truncated: text.full, errors };
  }

  /** Forget cached session lists (a session created or deleted through Loupe shows at once). */
  invalidate(agentId?: string): void {
    if (agentId) this.listings.delete(agentId);
    else this.listings.clear();
  }
}
