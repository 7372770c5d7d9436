/** The ADK timeline's state (see timeline.ts for how it is built). */
import type { InterruptTracker } from "./interrupts";
import type { AdkEvent, AdkItem, InterruptKind, StateScope } from "./types";

export interface StateChange {
  key: string;
  scope: StateScope;
  before: unknown;
  after: unknown;
  /** False when the key did not exist before this event. */
  existed: boolean;
}

export interface TimelineEntry {
  index: number;
  /** Event id once final; `stream:<first partial id or index>` while streaming. */
  key: string;
  /** The final event; while streaming, an aggregate of the partials so far (`partial: true`). */
  event: AdkEvent;
  items: AdkItem[];
  streaming: boolean;
  /** Every raw message folded into this entry, in arrival order (partials, Python duplicates). */
  raws: unknown[];
  /**
   * A streaming bubble whose final event was already in the timeline (the stored session was read
   * while the run still streamed): its text lives in that entry, so views skip this one.
   */
  superseded?: boolean;
  stateChanges: StateChange[];
}

export interface ToolResultRecord {
  entry: number;
  eventId: string;
  time: number | null;
  author: string;
  response: unknown;
  isError: boolean;
}

export interface ToolCallRecord {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  longRunning: boolean;
  interruptKind: InterruptKind | null;
  /** null when a result arrived for a call the timeline never saw. */
  callEntry: number | null;
  callTime: number | null;
  /** In arrival order; a long-running tool may get an interim and a final result. */
  results: ToolResultRecord[];
  /** First result time − call time, ms; null while open or when a time is missing. */
  latencyMs: number | null;
}

export interface UsageTotals {
  prompt: number;
  candidates: number;
  total: number;
  /** Number of events that carried usage (≈ LLM calls). */
  calls: number;
}

export interface InvocationSummary {
  id: string;
  entries: number[];
  firstTime: number | null;
  lastTime: number | null;
  authors: string[];
  usage: UsageTotals;
  hasError: boolean;
}

export interface TimelineState {
  version: number;
  entries: TimelineEntry[];
  byEventId: Map<string, number>;
  openStreams: Map<string, number>;
  /** By call id: the newest call with that id (a workflow gate reuses its call id on every run). */
  calls: Map<string, ToolCallRecord>;
  /** Older calls whose id a later call reused, oldest first (see callRecordAt). */
  earlierCalls: Map<string, ToolCallRecord[]>;
  /** Insertion order = order of first appearance. Events without an invocation id are not grouped. */
  invocations: Map<string, InvocationSummary>;
  initialState: Record<string, unknown>;
  /** State after the last event (initialState + every delta). */
  state: Record<string, unknown>;
  usage: UsageTotals;
  /** filename → versions seen, in order. */
  artifacts: Record<string, number[]>;
  /** Entry indexes of compaction events. */
  compactions: number[];
  interrupts: InterruptTracker;
}
