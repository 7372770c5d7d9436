import "server-only";
import { z } from "zod";
import { pgTurn, tokenUsage } from "@/lib/contracts/entry-kinds/playground";
import { ColumnConfig, PlaygroundSettings, type PgTurn, type TokenUsage } from "@/lib/contracts/playground";
import type { Store } from "@/lib/server/store";

/**
 * The playground's tables (tables.ts, created with the store). A conversation row
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

/** The rows as SQLite returns them; the JSON columns are read by their contract schemas. */
const RawConversation = z.object({
  id: z.string(),
  title: z.string(),
  settings: z.string(),
  messages: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
type RawConversation = z.infer<typeof RawConversation>;

const RawColumn = z.object({
  id: z.string(),
  conversation_id: z.string(),
  position: z.number(),
  config: z.string(),
  turns: z.number(),
  usage: z.string(),
  cost_usd: z.number().nullable(),
  cost_unknown: z.number(),
  last_status: z.string(),
  running_turn: z.string().nullable(),
});
type RawColumn = z.infer<typeof RawColumn>;

/** A message to every column is stored as its text alone (the shape rows had before `columnIds`). */
const StoredMessages = z.array(z.union([z.string(), z.object({ text: z.string(), columnIds: z.array(z.string()).optional() })]));

/** A JSON column read by its schema. */
function json<T>(schema: z.ZodType<T>, text: string): T {
  return schema.parse(JSON.parse(text));
}

export const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

function toConversation(row: RawConversation): ConversationRow {
  return {
    id: row.id,
    title: row.title,
    settings: json(PlaygroundSettings, row.settings),
    messages: json(StoredMessages, row.messages).map((m) => (typeof m === "string" ? { text: m } : m)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumn(row: RawColumn): ColumnRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    position: row.position,
    config: json(ColumnConfig, row.config),
    turns: row.turns,
    usage: json(tokenUsage, row.usage),
    costUsd: row.cost_usd ?? 0,
    costUnknown: row.cost_unknown === 1,
    lastStatus: row.last_status === "error" ? "error" : "idle",
    runningTurn: row.running_turn ? json(pgTurn, row.running_turn) : null,
  };
}

/** How a message is stored (see StoredMessages). */
function storedMessage(m: SentMessage): string | SentMessage {
  return m.columnIds ? { text: m.text, columnIds: m.columnIds } : m.text;
}

export class ConversationStore {
  constructor(private readonly store: Store) {}

  listConversations(): ConversationRow[] {
    const rows = this.store.prepare("SELECT * FROM playground_conversations ORDER BY updated_at DESC, id").all();
    return rows.map((row) => toConversation(RawConversation.parse(row)));
  }

  getConversation(id: string): ConversationRow | undefined {
    const row = this.store.prepare("SELECT * FROM playground_conversations WHERE id = ?").get(id);
    return row ? toConversation(RawConversation.parse(row)) : undefined;
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
    const rows = this.store.prepare("SELECT * FROM playground_columns WHERE conversation_id = ? ORDER BY position, id").all(conversationId);
    return rows.map((row) => toColumn(RawColumn.parse(row)));
  }

  /** Columns whose turn was running when the file was last written (a Loupe that stopped mid-turn). */
  columnsWithRunningTurn(): ColumnRow[] {
    const rows = this.store.prepare("SELECT * FROM playground_columns WHERE running_turn IS NOT NULL").all();
    return rows.map((row) => toColumn(RawColumn.parse(row)));
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
