/**
 * One playground column's entries folded into turns and steps (pure: unit-tested directly).
 * Entries are read through the entry contract (lib/contracts/entry-kinds/playground.ts): a raw
 * that does not have its kind's shape is kept as an "odd" entry and shown raw where it arrived, never dropped, never
 * allowed to blank the column.
 */
import type { Entry } from "@/lib/contracts/entries";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import type { PgModelRequest, PgModelResponse, PgToolCall, PgTurn, TokenUsage } from "@/lib/contracts/playground";

/** The column's model drafted the answer to a server's sampling request (the user approves it in the inbox). */
export interface SamplingDraft {
  seq: number;
  connectionId: string;
  requestId: string;
  model: string;
  text: string;
  error?: string;
  raw: unknown;
}

/** A recorded entry and its raw as the shape it was checked against. */
export interface Recorded<T> {
  seq: number;
  raw: T;
  /** The raw is a preview (over 64 KB): GET /api/entries/:seq has it whole. */
  truncated: boolean;
}

export interface StepView {
  step: number;
  request?: Recorded<PgModelRequest>;
  /** The response so far while it streams. */
  stream?: { text: string; reasoning?: string };
  response?: Recorded<PgModelResponse>;
  /** In the order the model made them; each as its latest record. */
  toolCalls: Recorded<PgToolCall>[];
}

export interface TurnView {
  turn: number;
  user?: { seq: number; text: string };
  steps: StepView[];
  /** The latest pg_turn record: running, then done / error / stopped / max_steps. */
  status?: PgTurn;
  /** Entries of this turn whose shape Loupe does not know: shown raw. */
  odd: Entry[];
  /** Sampling answers the model drafted while this turn ran. */
  drafts: SamplingDraft[];
}

export interface ColumnTimeline {
  turns: TurnView[];
  /** Odd entries before any turn. */
  odd: Entry[];
}

function turnOf(turns: Map<number, TurnView>, n: number): TurnView {
  let t = turns.get(n);
  if (!t) {
    t = { turn: n, steps: [], odd: [], drafts: [] };
    turns.set(n, t);
  }
  return t;
}

function stepOf(turn: TurnView, n: number): StepView {
  let s = turn.steps.find((x) => x.step === n);
  if (!s) {
    s = { step: n, toolCalls: [] };
    turn.steps.push(s);
    turn.steps.sort((a, b) => a.step - b.step);
  }
  return s;
}

const rec = <T>(e: Entry, raw: T): Recorded<T> => ({ seq: e.seq, raw, truncated: e.truncated === true });

/** Folds one column's entries (any order, duplicates allowed) into its turns. */
export function buildColumnTimeline(entries: readonly Entry[], columnId: string): ColumnTimeline {
  const mine = entries.filter((e) => e.sessionKey === columnId).sort((a, b) => a.seq - b.seq);
  const turns = new Map<number, TurnView>();
  const preamble: Entry[] = [];
  let current: TurnView | null = null;
  const odd = (e: Entry) => (current ? current.odd : preamble).push(e);

  for (const e of mine) {
    // Conversation and column records drive the lists, not the timeline.
    if (e.kind === "pg_column" || e.kind === "pg_conversation") continue;
    const read = parseEntry(e);
    if (read.ok) {
      switch (read.kind) {
        case "pg_user":
          current = turnOf(turns, read.raw.turn);
          current.user = { seq: e.seq, text: read.raw.text };
          continue;
        case "pg_model_request":
          current = turnOf(turns, read.raw.turn);
          stepOf(current, read.raw.step).request = rec<PgModelRequest>(e, read.raw);
          continue;
        case "pg_model_stream":
          current = turnOf(turns, read.raw.turn);
          stepOf(current, read.raw.step).stream = { text: read.raw.text, reasoning: read.raw.reasoning };
          continue;
        case "pg_model_response":
          current = turnOf(turns, read.raw.turn);
          stepOf(current, read.raw.step).response = rec<PgModelResponse>(e, read.raw);
          continue;
        case "pg_tool_call": {
          const call = read.raw;
          current = turnOf(turns, call.turn);
          const calls = stepOf(current, call.step).toolCalls;
          const at = calls.findIndex((c) => c.raw.toolCallId === call.toolCallId);
          // A preview (over 64 KB) lost its large fields: the card still needs these three.
          const next = rec<PgToolCall>(e, {
            ...call,
            arguments: call.arguments ?? {},
            connectionId: call.connectionId ?? null,
            tool: call.tool ?? null,
          });
          if (at === -1) calls.push(next);
          else calls[at] = next;
          continue;
        }
        case "pg_turn":
          current = turnOf(turns, read.raw.turn);
          current.status = read.raw;
          continue;
        case "pg_sampling_draft": {
          if (!current) break;
          const { error, ...draft } = read.raw;
          const message =
            typeof error === "string"
              ? error
              : error && typeof error === "object" && "message" in error
                ? String(error.message)
                : undefined;
          current.drafts.push({
            seq: e.seq,
            connectionId: draft.connectionId,
            requestId: draft.requestId,
            model: draft.model,
            text: draft.text ?? "",
            error: message,
            raw: e.raw,
          });
          continue;
        }
      }
    }
    odd(e);
  }
  return { turns: [...turns.values()].sort((a, b) => a.turn - b.turn), odd: preamble };
}

/** The text an assistant step shows: the final response's, else what has streamed so far. */
export function stepText(step: StepView): { text: string; reasoning?: string; streaming: boolean } {
  const r = step.response?.raw;
  if (r) return { text: typeof r.text === "string" ? r.text : "", reasoning: r.reasoning, streaming: false };
  return { text: step.stream?.text ?? "", reasoning: step.stream?.reasoning, streaming: step.stream !== undefined };
}

/** Is any turn of the column still going (its last pg_turn says running)? */
export function isRunning(timeline: ColumnTimeline): boolean {
  return timeline.turns.some((t) => t.status?.status === "running");
}

/** What a turn's finished model steps used (a running turn's record has no totals until it ends). */
export function stepsUsage(steps: readonly StepView[]): TokenUsage {
  const total = { inputTokens: 0, outputTokens: 0 };
  for (const s of steps) {
    const u = s.response?.raw.usage;
    if (!u) continue;
    total.inputTokens += Number.isFinite(u.inputTokens) ? u.inputTokens : 0;
    total.outputTokens += Number.isFinite(u.outputTokens) ? u.outputTokens : 0;
  }
  return total;
}

/**
 * The column's totals to show: the server adds a turn's usage to the column only when the turn
 * ends, so the steps of a turn still running are added here, as the turn's footer counts them.
 */
export function columnUsage(base: TokenUsage, timeline: ColumnTimeline): TokenUsage {
  let { inputTokens, outputTokens } = base;
  for (const t of timeline.turns) {
    if (t.status?.status !== "running") continue;
    const u = stepsUsage(t.steps);
    inputTokens += u.inputTokens;
    outputTokens += u.outputTokens;
  }
  return { ...base, inputTokens, outputTokens };
}
