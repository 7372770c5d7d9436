/**
 * Two playground conversations read for the side-by-side compare (issue 12): pure, next to the
 * column timeline it reads (timeline-model.ts). Columns pair by position (column 1 of A with
 * column 1 of B — each is one provider/model), and within a column pair turn n of A with turn n
 * of B through lib/protocols/run-compare.ts. A step still streaming counts only for what has
 * finished: its streamed text is not an answer yet.
 */
import type { Entry } from "@/lib/contracts/entries";
import type { Conversation, PlaygroundColumn } from "@/lib/contracts/playground";
import { compareRuns, type RunCall, type RunComparison, type RunUnit } from "@/lib/protocols/run-compare";
import { buildColumnTimeline, type TurnView } from "./timeline-model";

export interface ColumnComparison {
  index: number;
  a: PlaygroundColumn | null;
  b: PlaygroundColumn | null;
  comparison: RunComparison;
}

const ERROR_STATUSES = new Set(["tool_error", "rejected", "failed", "unknown_tool", "invalid_arguments"]);

/** One turn of a column as compared. */
export function turnUnit(turn: TurnView, model: string): RunUnit {
  const calls: RunCall[] = turn.steps.flatMap((s) =>
    s.toolCalls.map(({ raw }) => ({
      id: raw.toolCallId,
      name: raw.calledAs,
      args: raw.arguments,
      result: raw.result ?? (raw.error !== undefined ? { error: raw.error } : undefined),
      isError: ERROR_STATUSES.has(raw.status),
    })),
  );
  const answered = [...turn.steps].reverse().find((s) => (s.response?.raw.text ?? "").trim() !== "");
  const errors = turn.steps.flatMap((s) => (s.response?.raw.error ? [s.response.raw.error.message] : []));
  if (turn.status?.error && !errors.includes(turn.status.error)) errors.push(turn.status.error);
  const usage = turn.status?.status !== "running" ? turn.status?.usage : undefined;
  const ended = turn.status?.endedAt;
  return {
    id: `turn ${turn.turn}`,
    userText: turn.user?.text ?? "",
    calls,
    answer: answered?.response?.raw.text ?? "",
    agents: [model],
    transfers: [],
    stateDelta: {},
    errors,
    tokens: usage ? usage.inputTokens + usage.outputTokens : null,
    durationMs: ended !== undefined && turn.status ? ended - turn.status.startedAt : null,
  };
}

export function columnUnits(entries: readonly Entry[], column: PlaygroundColumn): RunUnit[] {
  return buildColumnTimeline(entries, column.id).turns.map((t) => turnUnit(t, `${column.config.provider}/${column.config.model}`));
}

/** Every column pair of two conversations, each aligned by turn. */
export function compareConversations(
  a: { conversation: Conversation; entries: readonly Entry[] },
  b: { conversation: Conversation; entries: readonly Entry[] },
): ColumnComparison[] {
  const n = Math.max(a.conversation.columns.length, b.conversation.columns.length);
  const out: ColumnComparison[] = [];
  for (let i = 0; i < n; i++) {
    const ca = a.conversation.columns[i] ?? null;
    const cb = b.conversation.columns[i] ?? null;
    const comparison = compareRuns(ca ? columnUnits(a.entries, ca) : [], cb ? columnUnits(b.entries, cb) : []);
    out.push({ index: i, a: ca, b: cb, comparison });
  }
  return out;
}
