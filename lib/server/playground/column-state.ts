import "server-only";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import type { ColumnStatus, PgToolCall, PlaygroundColumn } from "@/lib/contracts/playground";
import type { Hub } from "@/lib/server/hub";
import type { ColumnRow, ConversationStore } from "@/lib/server/playground/conversation-store";
import { FINAL_TOOL_STATUSES } from "@/lib/server/playground/history";
import { addUsage } from "@/lib/server/playground/loop";
import { columnHistoryEntries, recordPg } from "@/lib/server/playground/recorder";
import { maskUrl } from "@/lib/server/playground/providers/url-secrets";

/** A turn (or a replay of turns) running in a column now. */
export interface ActiveColumn {
  controller: AbortController;
  /** Tool calls of this column waiting for the user's approval. */
  waiting: number;
}

export function columnStatus(row: ColumnRow, active: ActiveColumn | undefined): ColumnStatus {
  if (active) return active.waiting > 0 ? "awaiting_approval" : "running";
  return row.lastStatus === "error" ? "error" : "idle";
}

export function columnView(row: ColumnRow, active: ActiveColumn | undefined): PlaygroundColumn {
  return {
    id: row.id,
    // Shown and recorded without the credentials a base URL may hold (the row keeps them).
    config: row.config.baseUrl ? { ...row.config, baseUrl: maskUrl(row.config.baseUrl) } : row.config,
    status: columnStatus(row, active),
    usage: row.usage,
    costUsd: row.costUnknown ? null : row.costUsd,
  };
}

export const LOUPE_STOPPED_TURN = "Loupe stopped during this turn";

/**
 * A turn still marked running in the file was cut off when Loupe stopped: its end is recorded as
 * "stopped", and each of its tool calls that had not finished as failed, so the column's history
 * stays whole (every tool call has a result) and the timeline says what happened.
 */
export function stopInterruptedTurns(hub: Hub, rows: ConversationStore): void {
  for (const column of rows.columnsWithRunningTurn()) {
    const turn = column.runningTurn!;
    const last = new Map<string, PgToolCall>();
    // The model steps that finished were billed: their usage stays the turn's and the column's.
    let usage = turn.usage;
    let costUsd: number | null = turn.costUsd;
    for (const entry of columnHistoryEntries(hub, column.conversationId, column.id)) {
      const response = entryPayload(entry, "pg_model_response");
      if (response && response.turn === turn.turn && response.usage) {
        usage = addUsage(usage, response.usage);
        costUsd = costUsd === null || response.costUsd === null ? null : costUsd + response.costUsd;
      }
      const call = entryPayload(entry, "pg_tool_call");
      if (call?.turn === turn.turn) last.set(call.toolCallId, call);
    }
    for (const call of last.values()) {
      if (FINAL_TOOL_STATUSES.includes(call.status)) continue;
      const result = `error: ${LOUPE_STOPPED_TURN.toLowerCase()}; this tool call did not finish`;
      recordPg(hub, column.conversationId, column.id, "pg_tool_call", { ...call, status: "failed", result, error: LOUPE_STOPPED_TURN });
    }
    recordPg(hub, column.conversationId, column.id, "pg_turn", {
      ...turn,
      status: "stopped",
      usage,
      costUsd,
      endedAt: Date.now(),
      error: LOUPE_STOPPED_TURN,
    });
    rows.saveColumn({
      ...column,
      turns: Math.max(column.turns, turn.turn),
      runningTurn: null,
      usage: addUsage(column.usage, usage),
      costUsd: column.costUsd + (costUsd ?? 0),
      costUnknown: column.costUnknown || costUsd === null,
    });
  }
}
