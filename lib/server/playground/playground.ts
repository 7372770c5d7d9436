import "server-only";
import { randomUUID } from "node:crypto";
import type { Entry } from "@/lib/contracts/entries";
import type {
  ColumnConfig,
  ColumnInput,
  Conversation,
  ConversationInput,
  ConversationPatch,
  MessageInput,
  PlaygroundColumn,
} from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import type { Hub } from "@/lib/server/hub";
import type { LoopDeps } from "@/lib/server/playground/loop-deps";
import { ColumnRunner } from "@/lib/server/playground/column-runner";
import { columnView, stopInterruptedTurns } from "@/lib/server/playground/column-state";
import { ConversationStore, ZERO_USAGE } from "@/lib/server/playground/conversation-store";
import type { ColumnRow, ConversationRow } from "@/lib/server/playground/conversation-store";
import { recordPg } from "@/lib/server/playground/recorder";
import { unmaskUrl } from "@/lib/server/playground/providers/url-secrets";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { draftSampling } from "@/lib/server/playground/sampling-draft";
import type { SamplingDraftResult } from "@/lib/server/playground/sampling-draft";

const STOP_REASON = "The playground turn was stopped";

/**
 * The playground's conversations (issue 10): their rows, the turns running in their columns, and
 * the pg_conversation / pg_column entries that keep the browser in step. A turn runs in the
 * background (loop.ts); one column runs one turn at a time.
 */
export class Playground {
  readonly rows: ConversationStore;
  private readonly runner: ColumnRunner;

  constructor(
    readonly hub: Hub,
    private readonly deps: LoopDeps,
  ) {
    this.rows = new ConversationStore(hub.store);
    this.runner = new ColumnRunner(hub, deps, this.rows);
    stopInterruptedTurns(hub, this.rows);
  }

  list(): Conversation[] {
    return this.rows.listConversations().map((c) => this.view(c));
  }

  get(id: string): Conversation {
    return this.view(this.require(id));
  }

  create(input: ConversationInput): Conversation {
    const now = Date.now();
    const { title, columns, ...settings } = input;
    const row: ConversationRow = {
      id: randomUUID(),
      title: title || "New conversation",
      settings,
      messages: [],
      createdAt: now,
      updatedAt: now,
    };
    this.rows.saveConversation(row);
    columns.forEach((config, position) => this.rows.saveColumn(newColumn(row.id, position, config)));
    return this.changed(row);
  }

  patch(id: string, patch: ConversationPatch): Conversation {
    const row = this.require(id);
    const { title, ...settings } = patch;
    const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
    return this.changed({ ...row, ...(title ? { title } : {}), settings: { ...row.settings, ...defined }, updatedAt: Date.now() });
  }

  remove(id: string): void {
    const row = this.require(id);
    const columns = this.rows.columns(id);
    for (const c of columns) this.runner.abort(c.id, STOP_REASON);
    this.rows.deleteConversation(id);
    recordPg(this.hub, id, null, "pg_conversation", { conversation: this.view(row, columns), removed: true });
  }

  /** Starts the turn in each named column (all by default); 409 when one of them is running. */
  send(id: string, input: MessageInput): { turn: number; columnIds: string[] } {
    const row = this.require(id);
    const columns = this.rows.columns(id);
    const targets = input.columnIds ? [...new Set(input.columnIds)].map((cid) => this.requireColumn(columns, cid)) : columns;
    const busy = targets.find((c) => this.runner.activeOf(c.id));
    if (busy)
      throw new AppError("conflict:playground_running", "A turn is still running in this column: stop it or wait for it to end", {
        columnId: busy.id,
      });
    // A column that cannot build its model (no key for its provider) is the sender's to fix: a 400
    // now, rather than a turn that starts only to fail.
    for (const column of targets) this.deps.createModel(column.config, {});
    // Kept with the columns it went to when not all of them: a column added later replays only
    // the messages every column got (the shared conversation), not a question put to one.
    const toAll = targets.length === columns.length;
    const message = toAll ? { text: input.text } : { text: input.text, columnIds: targets.map((c) => c.id) };
    const updated = { ...row, messages: [...row.messages, message], updatedAt: Date.now() };
    this.rows.saveConversation(updated);
    for (const column of targets) this.runner.start(updated, column, [input.text]);
    return { turn: updated.messages.length, columnIds: targets.map((c) => c.id) };
  }

  /** Stops the running turns (of the named columns): the model request, running calls, pending approvals. */
  stop(id: string, columnIds?: string[]): Conversation {
    const row = this.require(id);
    for (const column of this.rows.columns(id)) {
      if (columnIds && !columnIds.includes(column.id)) continue;
      this.runner.abort(column.id, STOP_REASON);
    }
    return this.view(row);
  }

  /** Adds a column; with `replay`, the user messages so far that went to every column run on it in order. */
  addColumn(id: string, input: ColumnInput): PlaygroundColumn {
    const row = this.require(id);
    const columns = this.rows.columns(id);
    if (columns.length >= 3) throw new AppError("conflict:playground_columns", "A conversation has at most three columns");
    const config = withRealBaseUrl(
      input.config,
      columns.map((c) => c.config.baseUrl),
    );
    const column = newColumn(id, Math.max(-1, ...columns.map((c) => c.position)) + 1, config);
    this.rows.saveColumn(column);
    this.changed({ ...row, updatedAt: Date.now() });
    const shared = row.messages.filter((m) => !m.columnIds).map((m) => m.text);
    if (input.replay && shared.length > 0) this.runner.start(row, column, shared);
    return columnView(column, this.runner.activeOf(column.id));
  }

  /** Another provider/model for a column, from its next turn on. */
  patchColumn(id: string, columnId: string, config: ColumnConfig): PlaygroundColumn {
    const row = this.require(id);
    const existing = this.requireColumn(this.rows.columns(id), columnId);
    // The setup panel re-sends the config as it was shown: a masked base URL keeps the real one.
    const column = { ...existing, config: withRealBaseUrl(config, [existing.config.baseUrl]) };
    this.rows.saveColumn(column);
    this.changed({ ...row, updatedAt: Date.now() });
    return this.runner.publish(column);
  }

  removeColumn(id: string, columnId: string): void {
    const row = this.require(id);
    const columns = this.rows.columns(id);
    const column = this.requireColumn(columns, columnId);
    if (columns.length === 1) throw new AppError("conflict:playground_columns", "A conversation keeps at least one column");
    this.runner.abort(columnId, STOP_REASON);
    this.rows.deleteColumn(columnId);
    recordPg(this.hub, id, columnId, "pg_column", { column: columnView(column, undefined), removed: true });
    this.changed({ ...row, updatedAt: Date.now() });
  }

  /** The conversation's entries before `before`, ascending, previewed (like a connection's traffic). */
  entries(id: string, opts: { before?: number; limit?: number }): Entry[] {
    this.require(id);
    return this.hub.list(id, opts);
  }

  /** The column's model drafts the answer to a server's sampling request (the user approves it in the card). */
  draftSampling(conversationId: string, columnId: string, request: McpClientRequest): Promise<SamplingDraftResult> {
    this.require(conversationId);
    const column = this.requireColumn(this.rows.columns(conversationId), columnId);
    return draftSampling(this.hub, this.deps, column, request);
  }

  /** Whether a turn runs in any column now (tests, shutdown). */
  running(): boolean {
    return this.runner.running();
  }

  private changed(row: ConversationRow): Conversation {
    this.rows.saveConversation(row);
    const conversation = this.view(row);
    recordPg(this.hub, row.id, null, "pg_conversation", { conversation });
    return conversation;
  }

  private view(row: ConversationRow, columns = this.rows.columns(row.id)): Conversation {
    return {
      id: row.id,
      title: row.title,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      ...row.settings,
      columns: columns.map((c) => columnView(c, this.runner.activeOf(c.id))),
    };
  }

  private require(id: string): ConversationRow {
    const row = this.rows.getConversation(id);
    if (!row) throw new AppError("not_found:conversation", `No playground conversation with id "${id}"`);
    return row;
  }

  private requireColumn(columns: ColumnRow[], columnId: string): ColumnRow {
    const column = columns.find((c) => c.id === columnId);
    if (!column) throw new AppError("not_found:playground_column", `No column "${columnId}" in this conversation`);
    return column;
  }
}

/** The config with a base URL sent back masked (as Loupe shows it) replaced by the real one it masks. */
function withRealBaseUrl(config: ColumnConfig, known: (string | undefined)[]): ColumnConfig {
  const baseUrl = unmaskUrl(config.baseUrl, known);
  return baseUrl === config.baseUrl ? config : { ...config, baseUrl };
}

function newColumn(conversationId: string, position: number, config: ColumnConfig): ColumnRow {
  return {
    id: randomUUID(),
    conversationId,
    position,
    config,
    turns: 0,
    usage: { ...ZERO_USAGE },
    costUsd: 0,
    costUnknown: false,
    lastStatus: "idle",
    runningTurn: null,
  };
}
