import type { LgHumanRequest, LgRunRecord, LgRunStatus } from "@/lib/contracts/langgraph";
import type { LgMessage } from "./messages";

/** One node's execution within a superstep (a debug `task` + `task_result`, or one `updates` key). */
export interface LgTask {
  /** The task id (debug) or null (updates fallback). */
  id: string | null;
  /** The node's name as the graph names it (`review:ask` inside subgraph `review`). */
  node: string;
  input: unknown;
  /** What the node wrote (its result / update). undefined while it runs. */
  result: unknown;
  error: unknown;
  startedAt: number | null;
  endedAt: number | null;
  /** The messages it wrote that the state did not hold before. */
  messages: LgMessage[];
}

export interface LgInterruptView {
  id: string;
  value: unknown;
  /** The node that paused (when known). */
  node: string | null;
  /** Loupe's request for it, latest state (when one was recorded). */
  request: LgHumanRequest | null;
}

/** A message streamed token by token (`messages` tuples), folded: its final form is in the state. */
export interface LgStreamedMessage {
  id: string;
  node: string | null;
  chunks: number;
  /** The text put together from the chunks. */
  text: string;
}

/** A superstep of one (sub)graph in one run. */
export interface LgStep {
  key: string;
  runId: string;
  /** The subgraph path (`review`), "" at the top level. */
  path: string;
  /** Nesting depth (subgraph levels). */
  depth: number;
  /** The superstep (debug `step`); in the updates fallback, the update's index in its namespace. */
  step: number;
  /** "debug": from checkpoints and tasks; "updates": one step per node update. */
  from: "debug" | "updates";
  /** The checkpoint's source ("input", "loop", "update", "fork"), when a checkpoint closed the step. */
  source: string | null;
  tasks: LgTask[];
  /** State after the step (checkpoint values, or the next `values` event); undefined when unknown. */
  state: unknown;
  /** State before it (the previous step's of the same namespace): what the diff is taken against. */
  before: unknown;
  next: string[];
  interrupts: LgInterruptView[];
  custom: unknown[];
  streamed: LgStreamedMessage[];
  /** Seq of the first and last entry that touched this step. */
  firstSeq: number;
  lastSeq: number;
}

/** Something of a run that is not a step: shown as its own row, raw one click away. */
export type LgNote =
  | { kind: "input"; seq: number; body: unknown; path: string }
  | { kind: "error"; seq: number; data: unknown; path: string }
  | { kind: "malformed"; seq: number; event: string | null; text: string; error: string }
  | { kind: "unknown"; seq: number; event: string; data: unknown }
  | { kind: "unreadable"; seq: number; entryKind: string; error: string; raw: unknown }
  /** An entry cut to a preview for transport (over ENTRY_PREVIEW_BYTES): loaded whole on demand. */
  | { kind: "large"; seq: number; entryKind: string; event: string | null; bytes: number }
  | { kind: "interrupt"; seq: number; interrupt: LgInterruptView; path: string }
  | { kind: "custom"; seq: number; data: unknown; path: string }
  | { kind: "streamed"; seq: number; message: LgStreamedMessage; path: string };

export interface LgRunView {
  runId: string;
  /** Other ids the same run was recorded under (Loupe's id, the server's). */
  aliases: string[];
  record: LgRunRecord | null;
  status: LgRunStatus | "unknown";
  assistantId: string | null;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
  firstEventMs: number | null;
  eventCount: number;
  /** Requests this run answered (their latest state, or the id alone when not recorded). */
  answers: { id: string; request: LgHumanRequest | null }[];
  checkpointId: string | null;
  steps: LgStep[];
  notes: LgNote[];
  /** True when the run had debug events (steps are supersteps); false: one step per update. */
  debug: boolean;
  firstSeq: number;
}

export interface LgTimeline {
  runs: LgRunView[];
}

export type LgRow =
  | { key: string; kind: "run"; run: LgRunView }
  | { key: string; kind: "step"; run: LgRunView; step: LgStep }
  | { key: string; kind: "note"; run: LgRunView; note: LgNote };
