import "server-only";
import type { AgentSessionSummary } from "@/lib/contracts/agents";
import { parseAdkSessionKey } from "@/lib/contracts/agents";
import type { SessionSearchHit, SessionSearchResult } from "@/lib/contracts/session-search";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import type { AgentRegistry } from "@/lib/server/adk/agents";
import { likePattern } from "@/lib/server/adk/session-labels";
import * as api from "@/lib/server/adk/sessions";

/** Bounds: a search answers with at most this many rows, reading at most this many recorded entries. */
const MAX_HITS = 100;
const MAX_ENTRY_ROWS = 300;
/** Users of one agent whose session lists are read (the configured one, then those seen in recordings). */
const MAX_USERS = 20;
/** User messages whose event id is looked up in the stored session (one upstream read each). */
const MAX_RESOLVE = 5;
/** Session lists are read again after this long (typing a query fires a search per pause). */
const LIST_TTL_MS = 10_000;
const SNIPPET_SIDE = 60;
/** A server that hangs is reported after this long instead of holding the search for the upstream's 15 s. */
const AGENT_LIST_MS = 5_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("timeout:agent_sessions", `did not list its sessions within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface Listing {
  at: number;
  sessions: AgentSessionSummary[];
}

/** The first string inside `value` (depth first) that contains `needle` (lower case). */
export function findText(value: unknown, needle: string, depth = 0): string | null {
  if (typeof value === "string") return value.toLowerCase().includes(needle) ? value : null;
  if (depth > 12) return null;
  const children = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  for (const child of children) {
    const found = findText(child, needle, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The match with some text either side, on one line. */
export function snippetAround(text: string, needle: string): string {
  const flat = text.replace(/\s+/g, " ");
  const at = Math.max(0, flat.toLowerCase().indexOf(needle));
  const start = Math.max(0, at - SNIPPET_SIDE);
  const end = Math.min(flat.length, at + needle.length + SNIPPET_SIDE);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
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
 * Finds sessions across every saved ADK agent server: by id (the upstream lists, cached briefly; a
 * server that does not answer is reported, not fatal), by the text Loupe recorded of their runs,
 * and by name or label; playground conversations, A2A contexts and AG-UI threads by id (and title).
 */
export class SessionSearch {
  private readonly listings = new Map<string, Listing>();

  constructor(readonly agents: AgentRegistry) {}

  private get db() {
    return this.agents.hub.store.db;
  }

  private usersOf(agentId: string): string[] {
    const configured = this.agents.get(agentId).userId;
    const keys = this.db
      .prepare("SELECT DISTINCT session_key FROM entries WHERE connection_id = ? AND protocol = 'adk' AND session_key IS NOT NULL")
      .all(agentId) as { session_key: string }[];
    const seen = keys.map((k) => parseAdkSessionKey(k.session_key)?.userId).filter((u): u is string => Boolean(u));
    return [...new Set([configured, ...seen, ...this.agents.labels.users(agentId)])].slice(0, MAX_USERS);
  }

  private async sessionsOf(agentId: string, apps: string[]): Promise<AgentSessionSummary[]> {
    const cached = this.listings.get(agentId);
    if (cached && Date.now() - cached.at < LIST_TTL_MS) return cached.sessions;
    const names = apps.length > 0 ? apps : await api.listApps(this.agents.target(agentId));
    const users = this.usersOf(agentId);
    const lists = await Promise.all(names.flatMap((app) => users.map((u) => this.agents.listSessions(agentId, app, u))));
    const sessions = lists.flat();
    this.listings.set(agentId, { at: Date.now(), sessions });
    return sessions;
  }

  private async byId(needle: string, errors: SessionSearchResult["errors"]): Promise<SessionSearchHit[]> {
    const perAgent = await Promise.all(
      this.agents.list().map(async (agent) => {
        try {
          const sessions = await within(this.sessionsOf(agent.id, agent.state.apps), AGENT_LIST_MS);
          return sessions
            .filter((s) => s.id.toLowerCase().includes(needle))
            .map((s): SessionSearchHit => ({
              kind: "adk-session",
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

  private byLabel(q: string): SessionSearchHit[] {
    return this.agents.labels
      .search(q, MAX_HITS)
      .filter((l) => this.agents.has(l.agentId))
      .map((l) => ({
        kind: "adk-session",
        match: "label",
        agentId: l.agentId,
        agentName: this.agents.get(l.agentId).name,
        appName: l.appName,
        userId: l.userId,
        id: l.sessionId,
        ...(l.name ? { name: l.name } : {}),
        labels: l.labels,
        updatedAt: l.updatedAt,
      }));
  }

  /** The recorded events and user messages of ADK sessions (not those deleted through Loupe). */
  private byText(q: string, needle: string): { hits: SessionSearchHit[]; full: boolean; resolve: SessionSearchHit[] } {
    const ids = this.agents.list().map((a) => a.id);
    if (ids.length === 0) return { hits: [], full: false, resolve: [] };
    const rows = this.db
      .prepare(
        `SELECT e.seq, e.connection_id, e.session_key, e.kind, e.raw, e.received_at FROM entries e
         WHERE e.protocol = 'adk' AND e.kind IN ('event', 'user_message') AND e.session_key IS NOT NULL
           AND e.connection_id IN (${ids.map(() => "?").join(", ")}) AND e.raw LIKE ? ESCAPE '\\'
           AND NOT EXISTS (SELECT 1 FROM agent_deleted_sessions d
                           WHERE d.agent_id = e.connection_id AND d.session_key = e.session_key AND e.seq <= d.last_seq)
         ORDER BY e.seq DESC LIMIT ?`,
      )
      .all(...ids, likePattern(q), MAX_ENTRY_ROWS) as EntryHitRow[];
    const hits: SessionSearchHit[] = [];
    const resolve: SessionSearchHit[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const where = parseAdkSessionKey(row.session_key);
      if (!where) continue;
      const raw = JSON.parse(row.raw) as unknown;
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
      const label = this.agents.labels.get(row.connection_id, where.appName, where.userId, where.sessionId);
      const hit: SessionSearchHit = {
        kind: "adk-session",
        match: "text",
        agentId: row.connection_id,
        agentName: this.agents.get(row.connection_id).name,
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
  private async resolveUserEvents(hits: SessionSearchHit[], needle: string): Promise<void> {
    await Promise.all(
      hits.map(async (hit) => {
        try {
          const session = await api.getSession(this.agents.target(hit.agentId!), hit.appName!, hit.userId!, hit.id);
          const events: unknown[] = session.events;
          const ev = events.find((r) => isRecord(r) && r.author === "user" && findText(r.content, needle) !== null);
          if (isRecord(ev) && typeof ev.id === "string") hit.eventId = ev.id;
        } catch {
          // The session is gone or the server is down: the row still opens the session.
        }
      }),
    );
  }

  private others(q: string): SessionSearchHit[] {
    const like = likePattern(q);
    const playground = this.db
      .prepare(
        `SELECT id, title, messages, updated_at FROM playground_conversations
         WHERE id LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' OR messages LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT 20`,
      )
      .all(like, like, like) as { id: string; title: string; messages: string; updated_at: number }[];
    const needle = q.toLowerCase();
    const a2a = this.db
      .prepare(
        `SELECT t.agent_id, t.context_id, MAX(t.updated_at) AS updated_at, json_extract(a.config, '$.name') AS name
         FROM a2a_tasks t LEFT JOIN a2a_agents a ON a.id = t.agent_id
         WHERE t.context_id LIKE ? ESCAPE '\\' GROUP BY t.agent_id, t.context_id ORDER BY updated_at DESC LIMIT 20`,
      )
      .all(like) as { agent_id: string; context_id: string; updated_at: number; name: string | null }[];
    const agui = this.db
      .prepare(
        `SELECT t.agent_id, t.thread_id, t.updated_at, json_extract(a.config, '$.name') AS name
         FROM agui_threads t LEFT JOIN agui_agents a ON a.id = t.agent_id
         WHERE t.thread_id LIKE ? ESCAPE '\\' ORDER BY t.updated_at DESC LIMIT 20`,
      )
      .all(like) as { agent_id: string; thread_id: string; updated_at: number; name: string | null }[];
    return [
      ...playground.map((c): SessionSearchHit => {
        const byId = c.id.toLowerCase().includes(needle);
        const inTitle = c.title.toLowerCase().includes(needle);
        const text = byId || inTitle ? null : findText(JSON.parse(c.messages) as unknown, needle);
        return {
          kind: "playground",
          match: byId ? "id" : "text",
          id: c.id,
          name: c.title,
          ...(text ? { snippet: snippetAround(text, needle) } : inTitle ? { snippet: c.title } : {}),
          updatedAt: c.updated_at,
        };
      }),
      ...a2a.map((r): SessionSearchHit => ({
        kind: "a2a-context",
        match: "id",
        agentId: r.agent_id,
        agentName: r.name ?? r.agent_id,
        id: r.context_id,
        updatedAt: r.updated_at,
      })),
      ...agui.map((r): SessionSearchHit => ({
        kind: "agui-thread",
        match: "id",
        agentId: r.agent_id,
        agentName: r.name ?? r.agent_id,
        id: r.thread_id,
        updatedAt: r.updated_at,
      })),
    ];
  }

  async search(query: string): Promise<SessionSearchResult> {
    const q = query.trim();
    const needle = q.toLowerCase();
    const errors: SessionSearchResult["errors"] = [];
    const [ids, text] = [await this.byId(needle, errors), this.byText(q, needle)];
    await this.resolveUserEvents(text.resolve, needle);
    const all = [...ids, ...this.byLabel(q), ...text.hits, ...this.others(q)];
    return { query: q, hits: all.slice(0, MAX_HITS), errors, truncated: text.full || all.length > MAX_HITS };
  }

  /** Forget cached session lists (a session created or deleted through Loupe shows at once). */
  invalidate(agentId?: string): void {
    if (agentId) this.listings.delete(agentId);
    else this.listings.clear();
  }
}

const SEARCH_KEY = Symbol.for("loupe.sessionSearch");
type SearchGlobal = typeof globalThis & { [SEARCH_KEY]?: SessionSearch };

export function getSessionSearch(agents: AgentRegistry): SessionSearch {
  const g = globalThis as SearchGlobal;
  // A new registry (tests start one per data dir) gets a fresh cache.
  if (g[SEARCH_KEY]?.agents !== agents) g[SEARCH_KEY] = new SessionSearch(agents);
  return g[SEARCH_KEY];
}
