import "server-only";
import type { ColumnConfig, PgTurn, PlaygroundSettings, TokenUsage } from "@/lib/contracts/playground";
import type { Store } from "@/lib/server/store";

/**
 * The playground's tables (created with the store's schema, store-schema.ts). A conversation row
 * holds its settings and the user messages sent so far (a column added later replays them); a
 * column row holds its config, its totals, the number of turns it ran and, while a turn runs,
 * that turn (so a turn cut off by a stopped Loupe can be marked "stopped" on the next start).
 * What the model saw and said is in the entries (pg_*).
 */

/** A user message sent to the conversation; `columnIds` when it went to some of its columns only. */
export interface SentMessage {
  text: string;
  columnIds?: string[];
}

export interface ConversationRow {
  id: string;
  title: string;
  settings: PlaygroundSettings;
  /** Every user message sent to the conversation, in order. */
  messages: SentMessage[];
  createdAt: number;
  updatedAt: number;
}

export interface ColumnRow {
  id: string;
  conversationId: string;
  position: number;
  config: ColumnConfig;
  /** Turns this column ran (its next turn is turns + 1). */
  turns: number;
  usage: TokenUsage;
  /** Sum of the known costs; `costUnknown` when a turn's price was unknown. */
  costUsd: number;
  costUnknown: boolean;
  /** "error" when its last turn ended in error, else "idle". */
  lastStatus: "idle" | "error";
  runningTurn: PgTurn | null;
}

interface RawConversation {
  id: string;
  title: string;
  settings: string;
  messages: string;
  created_at: number;
  updated_at: number;
}

interface RawColumn {
  id: string;
  conversation_id: string;
  position: number;
  config: string;
  turns: number;
  usage: string;
  cost_usd: number | null;
  cost_unknown: number;
  last_status: string;
  running_turn: string | null;
}

export const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

function toConversation(row: RawConversation): ConversationRow {
  return {
    id: row.id,
    title: row.title,
    settings: JSON.parse(row.settings) as PlaygroundSettings,
    messages: (JSON.parse(row.messages) as (string | SentMessage)[]).map((m) => (typeof m === "string" ? { text: m } : m)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumn(row: RawColumn): ColumnRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    position: row.position,
    config: JSON.parse(row.config) as ColumnConfig,
    turns: row.turns,
    usage: JSON.parse(row.usage) as TokenUsage,
    costUsd: row.cost_usd ?? 0,
    costUnknown: row.cost_unknown === 1,
    lastStatus: row.last_status === "error" ? "error" : "idle",
    runningTurn: row.running_turn ? (JSON.parse(row.running_turn) as PgTurn) : null,
  };
}

/** A message to every column is stored as its text alone (the shape rows had before `columnIds`). */
function storedMessage(m: SentMessage): string | SentMessage {
  return m.columnIds ? { text: m.text, columnIds: m.columnIds } : m.text;
}

export class ConversationStore {
  constructor(private readonly store: Store) {}

  listConversations(): ConversationRow[] {
    const rows = this.store.prepare("SELECT * FROM playground_conversations ORDER BY updated_at DESC, id").all() as RawConversation[];
    return rows.map(toConversation);
  }

  getConversation(id: string): ConversationRow | undefined {
    const row = this.store.prepare("SELECT * FROM playground_conversations WHERE id = ?").get(id) as RawConversation | undefined;
    return row ? toConversation(row) : undefined;
  }

  saveConversation(c: ConversationRow): void {
    this.store
      .prepare(
        `INSERT INTO playground_conversations (id, title, settings, messages, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET title = excluded.title, settings = excluded.settings, messages = excluded.messages, updated_at = excluded.updated_at`,
      )
      .run(c.id, c.title, JSON.stringify(c.settings), JSON.stringify(c.messages.map(storedMessage)), c.createdAt, c.updatedAt);
  }

  deleteConversation(id: string): void {
    this.store.db.transaction(() => {
      this.store.prepare("DELETE FROM playground_conversations WHERE id = ?").run(id);
      this.store.prepare("DELETE FROM playground_columns WHERE conversation_id = ?").run(id);
    })();
  }

  columns(conversationId: string): ColumnRow[] {
    const rows = this.store
      .prepare("SELECT * FROM playground_columns WHERE conversation_id = ? ORDER BY position, id")
      .all(conversationId) as RawColumn[];
    return rows.map(toColumn);
  }

  /** Columns whose turn was running when the file was last written (a Loupe that stopped mid-turn). */
  columnsWithRunningTurn(): ColumnRow[] {
    const rows = this.store.prepare("SELECT * FROM playground_columns WHERE running_turn IS NOT NULL").all() as RawColumn[];
    return rows.map(toColumn);
  }

  saveColumn(c: ColumnRow): void {
    this.store
      .prepare(
        `INSERT INTO playground_columns (id, conversation_id, position, config, turns, usage, cost_usd, cost_unknown, last_status, running_turn)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET position = excluded.position, config = excluded.config, turns = excluded.turns,
           usage = excluded.usage, cost_usd = excluded.cost_usd, cost_unknown = excluded.cost_unknown,
           last_status = excluded.last_status, running_turn = excluded.running_turn`,
      )
      .run(
        c.id,
        c.conversationId,
        c.position,
        JSON.stringify(c.config),
        c.turns,
        JSON.stringify(c.usage),
        c.costUsd,
        c.costUnknown ? 1 : 0,
        c.lastStatus,
        c.runningTurn ? JSON.stringify(c.runningTurn) : null,
      );
  }

  deleteColumn(id: string): void {
    this.store.prepare("DELETE FROM playground_columns WHERE id = ?").run(id);
  }
}
