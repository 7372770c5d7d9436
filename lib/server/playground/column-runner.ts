import "server-only";
import type { PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";
import type { Hub } from "@/lib/server/hub";
import { addUsage, runTurn } from "@/lib/server/playground/loop";
import type { LoopDeps } from "@/lib/server/playground/loop-deps";
import { columnView, type ActiveColumn } from "@/lib/server/playground/column-state";
import type { ColumnRow, ConversationRow, ConversationStore } from "@/lib/server/playground/conversation-store";
import { recordPg } from "@/lib/server/playground/recorder";
import { modelLabel } from "@/lib/contracts/model-label";

/**
 * The turns running in a playground's columns (one at a time per column): started in the
 * background (loop.ts), their progress saved on the column row and published as pg_column
 * entries, stopped through their AbortController.
 */
export class ColumnRunner {
  private readonly active = new Map<string, ActiveColumn>();

  constructor(
    private readonly hub: Hub,
    private readonly deps: LoopDeps,
    private readonly rows: ConversationStore,
  ) {}

  /** The running turn of a column, if any. */
  activeOf(columnId: string): ActiveColumn | undefined {
    return this.active.get(columnId);
  }

  /** Stops the column's running turn: the model request, running calls, pending approvals. */
  abort(columnId: string, reason: string): void {
    this.active.get(columnId)?.controller.abort(reason);
  }

  /** Whether a turn runs in any column now (tests, shutdown). */
  running(): boolean {
    return this.active.size > 0;
  }

  /** The column as the browser shows it, recorded as a pg_column entry. */
  publish(column: ColumnRow): PlaygroundColumn {
    const view = columnView(column, this.active.get(column.id));
    recordPg(this.hub, column.conversationId, column.id, "pg_column", { column: view });
    return view;
  }

  /** Runs `texts` as user turns on the column, one after another, in the background. */
  start(conversation: ConversationRow, column: ColumnRow, texts: string[]): void {
    const active: ActiveColumn = { controller: new AbortController(), waiting: 0 };
    this.active.set(column.id, active);
    this.publish(column);
    void this.runTexts(conversation, column.id, texts, active).finally(() => {
      this.active.delete(column.id);
      const row = this.rows.columns(conversation.id).find((c) => c.id === column.id);
      if (row) this.publish(row);
    });
  }

  private async runTexts(conversation: ConversationRow, columnId: string, texts: string[], active: ActiveColumn): Promise<void> {
    for (const text of texts) {
      const all = this.rows.columns(conversation.id);
      const column = all.find((c) => c.id === columnId);
      if (!column || active.controller.signal.aborted) return;
      // With several columns an approval card must say which one asked (they share the title).
      const columnLabel = all.length > 1 ? `column ${all.indexOf(column) + 1} · ${modelLabel(column.config)}` : undefined;
      // The settings as they are now: a PATCH applies from the next turn on.
      const now = this.rows.getConversation(conversation.id);
      if (!now) return;
      const ended = await runTurn({
        hub: this.hub,
        deps: this.deps,
        conversationId: now.id,
        title: now.title,
        settings: now.settings,
        columnId,
        ...(columnLabel ? { columnLabel } : {}),
        config: column.config,
        turn: column.turns + 1,
        text,
        signal: active.controller.signal,
        onWaiting: (delta) => {
          const before = active.waiting > 0;
          active.waiting += delta;
          if (before !== active.waiting > 0) this.republish(conversation.id, columnId);
        },
        onTurn: (turn) => this.turnChanged(conversation.id, columnId, turn),
      });
      // A turn that errors ends only that turn: the next message is sent, as it would be in a
      // live column (the failed turn's user message stays in the history, its error does not).
      // Stopping (by the user, or the column removed) ends the replay.
      if (ended.status === "stopped") return;
    }
  }

  private turnChanged(conversationId: string, columnId: string, turn: PgTurn): void {
    const column = this.rows.columns(conversationId).find((c) => c.id === columnId);
    if (!column) return;
    if (turn.status === "running") {
      this.rows.saveColumn({ ...column, turns: turn.turn, runningTurn: turn, lastStatus: "idle" });
      return;
    }
    this.rows.saveColumn({
      ...column,
      runningTurn: null,
      usage: addUsage(column.usage, turn.usage),
      costUsd: column.costUsd + (turn.costUsd ?? 0),
      costUnknown: column.costUnknown || turn.costUsd === null,
      lastStatus: turn.status === "error" ? "error" : "idle",
    });
  }

  private republish(conversationId: string, columnId: string): void {
    const column = this.rows.columns(conversationId).find((c) => c.id === columnId);
    if (column) this.publish(column);
  }
}
