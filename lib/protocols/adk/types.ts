/**
 * Normalized ADK values (adk.md §4–§7; DESIGN.md "The timeline model"). Everything here is derived
 * from a raw event that stays available as `raw`; nothing is dropped.
 */

/** genai Content as sent back to ADK (`newMessage`). */
export interface AdkContent {
  role: "user" | "model";
  parts: AdkWirePart[];
}

export type AdkWirePart =
  | { text: string; thought?: boolean }
  | { functionCall: { id?: string; name: string; args: Record<string, unknown> } }
  | { functionResponse: { id: string; name: string; response: unknown } };

export interface AdkFunctionCall {
  /** ADK assigns `adk-<uuid>`; workflows use plain UUIDs or a credential key. */
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface AdkFunctionResponse {
  id: string;
  name: string;
  response: unknown;
}

/** One content part, in wire order. */
export type AdkPart =
  | { kind: "text"; text: string }
  | { kind: "thought"; text: string }
  | { kind: "function_call"; call: AdkFunctionCall }
  | { kind: "function_response"; response: AdkFunctionResponse }
  | { kind: "inline_data"; mimeType: string; data: string }
  | { kind: "file_data"; mimeType?: string; fileUri: string }
  | { kind: "executable_code"; language?: string; code: string }
  | { kind: "code_result"; outcome?: string; output?: string }
  | { kind: "unknown"; raw: unknown };

export interface AdkUsage {
  prompt: number;
  candidates: number;
  total: number;
  thoughts?: number;
  cached?: number;
}

export interface AdkCompaction {
  /** Epoch ms (JS `startTime`/`endTime` in ms; Python `startTimestamp`/`endTimestamp` in s). */
  startTime: number | null;
  endTime: number | null;
  summary: string;
  /** "js": CompactedEvent (top-level `isCompacted`); "python": `actions.compaction`. */
  flavor: "js" | "python";
}

export interface AdkActions {
  stateDelta: Record<string, unknown>;
  artifactDelta: Record<string, number>;
  transferToAgent?: string;
  escalate?: boolean;
  skipSummarization?: boolean;
  requestedAuthConfigs: Record<string, unknown>;
  requestedToolConfirmations: Record<string, unknown>;
  agentState?: unknown;
  endOfAgent?: boolean;
  rewindBeforeInvocationId?: string;
}

export interface AdkNodeInfo {
  /** Dotted path: JS `wf.child` as is; Python `wf/A@1/B@1` → `wf.A.B`. */
  path: string;
  rawPath: string;
  outputFor?: string[];
}

/**
 * shape "event": a recognizable ADK Event. "stream_error": a top-level `{"error":…}` frame with no
 * `invocationId` (adk.md §0.3). "unrecognized": anything else (kept, marked, never thrown on).
 */
export type AdkEventShape = "event" | "stream_error" | "unrecognized";

export interface AdkEvent {
  shape: AdkEventShape;
  /** "" when absent. */
  id: string;
  /** "" when absent (JS compaction events carry ""). */
  invocationId: string;
  author: string;
  /** Epoch ms, or null when absent/invalid. */
  timestamp: number | null;
  branch?: string;
  role?: string;
  parts: AdkPart[];
  partial: boolean;
  turnComplete: boolean;
  finishReason?: string;
  modelVersion?: string;
  interrupted?: boolean;
  longRunningToolIds: string[];
  actions: AdkActions;
  usage?: AdkUsage;
  error?: { code?: string; message: string; details?: unknown };
  nodeInfo?: AdkNodeInfo;
  /** Present when the event carries a workflow `output` (any JSON, including null). */
  output?: { value: unknown };
  /** JS: top-level `route`; Python: `actions.route`. */
  route?: { value: unknown };
  compaction?: AdkCompaction;
  /** Why the shape is "unrecognized" or which parts could not be read. */
  issues: string[];
  raw: unknown;
}

export type StateScope = "app" | "user" | "temp" | "session";

export type InterruptKind = "confirmation" | "input" | "credential" | "long_running";

/** What the timeline renders for one event, in part order (DESIGN.md "The timeline model"). */
export type AdkItem =
  | { kind: "text"; text: string; partial: boolean; role?: string }
  | { kind: "thought"; text: string; partial: boolean }
  | { kind: "tool_call"; callId: string; name: string; args: Record<string, unknown>; longRunning: boolean }
  | { kind: "tool_result"; callId: string; name: string; response: unknown; isError: boolean }
  | { kind: "interrupt"; callId: string; interruptKind: InterruptKind; name: string }
  | { kind: "media"; mimeType?: string; data?: string; fileUri?: string }
  | { kind: "code"; language?: string; code: string }
  | { kind: "code_result"; outcome?: string; output?: string }
  | { kind: "state_delta"; delta: Record<string, unknown>; scopes: Record<string, StateScope> }
  | { kind: "artifact"; filename: string; version: number }
  | { kind: "transfer"; toAgent: string }
  | { kind: "escalate" }
  | { kind: "workflow_output"; output: unknown; nodePath?: string }
  | { kind: "route"; route: unknown; nodePath?: string }
  | { kind: "checkpoint"; agentState?: unknown; endOfAgent: boolean; nodePath?: string }
  | { kind: "compaction"; startTime: number | null; endTime: number | null; summary: string }
  | { kind: "error"; code?: string; message: string; details?: unknown; streamLevel: boolean }
  | ({ kind: "usage" } & AdkUsage)
  | { kind: "unrecognized"; reason: string; raw: unknown };

export type AdkItemKind = AdkItem["kind"];
export type AdkItemOf<K extends AdkItemKind> = Extract<AdkItem, { kind: K }>;
