/**
 * The run timeline the AG-UI normalizer (timeline.ts) builds from a run's events: pure data,
 * browser-safe. `first`/`last` are indices into the event list the timeline was built from.
 */

export interface AguiSpan {
  /** Index of the event that opened the item. */
  first: number;
  /** Index of the last event that changed it. */
  last: number;
}

export interface AguiTextItem extends AguiSpan {
  kind: "text";
  messageId: string;
  role: string;
  text: string;
  /** False while no END arrived (a CHUNK stream counts as ended at the next other event or the run's end). */
  complete: boolean;
  /** Built from TEXT_MESSAGE_CHUNK events. */
  chunked: boolean;
}

export interface AguiReasoningItem extends AguiSpan {
  kind: "reasoning";
  messageId: string;
  text: string;
  complete: boolean;
  /** REASONING_ENCRYPTED_VALUE events seen for it. */
  encrypted: number;
  /** Came from the deprecated THINKING_* events. */
  legacy: boolean;
}

export interface AguiToolCallItem extends AguiSpan {
  kind: "tool_call";
  toolCallId: string;
  name: string;
  parentMessageId?: string;
  /** The streamed argument text as received. */
  args: string;
  /** `args` parsed, once the call ended and it parses. */
  parsedArgs?: unknown;
  argsError?: string;
  complete: boolean;
  chunked: boolean;
  result?: { content: unknown; messageId?: string; index: number; error?: string };
}

export interface AguiStateItem extends AguiSpan {
  kind: "state";
  op: "snapshot" | "delta";
  before: unknown;
  after: unknown;
  /** The JSON Patch (op "delta"). */
  delta?: unknown;
  /** The patch did not apply: `after` is `before`. */
  error?: string;
}

export interface AguiMessagesSnapshotItem extends AguiSpan {
  kind: "messages_snapshot";
  messages: unknown[];
}

export interface AguiActivityItem extends AguiSpan {
  kind: "activity";
  messageId: string;
  activityType: string;
  content: unknown;
  updates: number;
  error?: string;
}

export interface AguiStepItem extends AguiSpan {
  kind: "step";
  name: string;
  complete: boolean;
}

export interface AguiSubagentItem extends AguiSpan {
  kind: "subagent";
  subagentRunId: string;
  name: string;
  status: "running" | "finished" | "error";
  event: Record<string, unknown>;
}

export interface AguiRunMarkItem extends AguiSpan {
  kind: "run_started" | "run_finished" | "run_error";
  event: Record<string, unknown>;
}

/**
 * RAW, CUSTOM and event types this normalizer does not know: shown as received. `after_end`: an
 * event that came after RUN_ERROR / RUN_FINISHED (and no new RUN_STARTED): kept as received and
 * applied to nothing (no message, tool call or state), so it never reaches the thread (issue 23).
 */
export interface AguiOtherItem extends AguiSpan {
  kind: "raw" | "custom" | "unknown" | "after_end";
  type: string;
  name?: string;
  event: Record<string, unknown>;
}

export type AguiTimelineItem =
  | AguiTextItem
  | AguiReasoningItem
  | AguiToolCallItem
  | AguiStateItem
  | AguiMessagesSnapshotItem
  | AguiActivityItem
  | AguiStepItem
  | AguiSubagentItem
  | AguiRunMarkItem
  | AguiOtherItem;

export type AguiFindingLevel = "error" | "warning" | "info";

export interface AguiFinding {
  index: number;
  level: AguiFindingLevel;
  code: string;
  message: string;
}

export interface AguiInterrupt {
  id: string;
  reason?: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: unknown;
  expiresAt?: string;
  metadata?: unknown;
}

export type AguiRunOutcome =
  | { type: "running" }
  | { type: "success"; result?: unknown }
  | { type: "interrupt"; interrupts: AguiInterrupt[] }
  | { type: "cancelled" }
  | { type: "error"; message: string; code?: string }
  /** The stream broke the run lifecycle (a RUN_STARTED while the run was open): not the agent's RUN_ERROR. */
  | { type: "refused"; message: string };

export interface AguiRunTimeline {
  items: AguiTimelineItem[];
  findings: AguiFinding[];
  outcome: AguiRunOutcome;
  /** State after the last snapshot/delta (the initial state when none came). */
  state: unknown;
  usage: unknown[];
  /** Events per type, as received. */
  counts: Record<string, number>;
  eventCount: number;
}
