import "server-only";
import type { AgentSessionSummary, SessionLabel, SessionLabelBody } from "@/lib/contracts/agents";
import { parseRecord, query } from "@/lib/server/rows";
import { likePattern } from "@/lib/server/search/text";
import type { Store } from "@/lib/server/store";

interface LabelRow {
  agent_id: string;
  app: string;
  user_id: string;
  session_id: string;
  name: string | null;
  labels: string;
  updated_at: number;
}

export interface LabelledSession extends SessionLabel {
  agentId: string;
  appName: string;
  userId: string;
  sessionId: string;
}

function toLabel(row: LabelRow): LabelledSession {
  return {
    agentId: row.agent_id,
    appName: row.app,
    userId: row.user_id,
    sessionId: row.session_id,
    ...(row.name ? { name: row.name } : {}),
    labels: parseRecord<string[]>(row.labels),
    updatedAt: row.updated_at,
  };
}

/** Loupe's names and labels of ADK sessions (table adk_session_labels in tables.ts). */
export class SessionLabelStore {
  constructor(private readonly store: Store) {}

  get(agentId: string, app: string, userId: string, sessionId: string): SessionLabel | null {
    const row = query<LabelRow>(
      this.store,
      "SELECT * FROM adk_session_labels WHERE agent_id = ? AND app = ? AND user_id = ? AND session_id = ?",
    ).get(agentId, app, userId, sessionId);
    return row ? toLabel(row) : null;
  }

  /** Fields left out keep their value; a session left with no name and no labels has no row. */
  put(agentId: string, app: string, userId: string, sessionId: string, body: SessionLabelBody): SessionLabel {
    const old = this.get(agentId, app, userId, sessionId);
    const name = body.name !== undefined ? body.name : old?.name;
    // Case-insensitively distinct: "Bug" and "bug" are one label.
    const seen = new Set<string>();
    const labels = (body.labels ?? old?.labels ?? []).filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
    if (!name && labels.length === 0) {
      this.remove(agentId, app, userId, sessionId);
      return { labels: [], updatedAt: Date.now() };
    }
    const updatedAt = Date.now();
    this.store.db
      .prepare(
        `INSERT INTO adk_session_labels (agent_id, app, user_id, session_id, name, labels, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(agent_id, app, user_id, session_id) DO UPDATE SET name = excluded.name, labels = excluded.labels, updated_at = excluded.updated_at`,
      )
      .run(agentId, app, userId, sessionId, name || null, JSON.stringify(labels), updatedAt);
    return { ...(name ? { name } : {}), labels, updatedAt };
  }

  remove(agentId: string, app: string, userId: string, sessionId: string): void {
    this.store.db
      .prepare("DELETE FROM adk_session_labels WHERE agent_id = ? AND app = ? AND user_id = ? AND session_id = ?")
      .run(agentId, app, userId, sessionId);
  }

  dropAgent(agentId: string): void {
    this.store.db.prepare("DELETE FROM adk_session_labels WHERE agent_id = ?").run(agentId);
  }

  /** The summaries with their names and labels filled in. */
  decorate(agentId: string, app: string, userId: string, sessions: AgentSessionSummary[]): AgentSessionSummary[] {
    const rows = query<LabelRow>(this.store, "SELECT * FROM adk_session_labels WHERE agent_id = ? AND app = ? AND user_id = ?").all(
      agentId,
      app,
      userId,
    );
    const byId = new Map(rows.map((r) => [r.session_id, toLabel(r)]));
    return sessions.map((s) => {
      const l = byId.get(s.id);
      return l ? { ...s, ...(l.name ? { name: l.name } : {}), labels: l.labels } : s;
    });
  }

  /** Every label row whose name or labels contain the text (case-insensitive for ASCII), newest first. */
  search(text: string, limit: number): LabelledSession[] {
    const rows = query<LabelRow>(
      this.store,
      `SELECT * FROM adk_session_labels WHERE name LIKE ? ESCAPE '\\' OR labels LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ?`,
    ).all(likePattern(text), likePattern(text), limit);
    return rows.map(toLabel);
  }

  /** Every label row of an agent (the id search reads the users that have one). */
  users(agentId: string): string[] {
    const rows = query<{ user_id: string }>(this.store, "SELECT DISTINCT app, user_id FROM adk_session_labels WHERE agent_id = ?").all(
      agentId,
    );
    return [...new Set(rows.map((r) => r.user_id))];
  }
}
