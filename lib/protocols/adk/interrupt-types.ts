/**
 * The shapes of cross-protocol Interrupts raised by ADK pauses and of the incremental tracker that
 * follows them (see interrupts.ts for the identity and status rules).
 */
import type { JsonRecord } from "./guards";
import type { AdkFunctionCall } from "./types";

export type InterruptStatus = "pending" | "answered" | "stale" | "failed";

interface InterruptBase {
  /** The pause call's id; answer with this id. Workflow gates reuse it on every run. */
  id: string;
  /** Identity of this request: the raising event's id and the call id (see interruptKey). */
  key: string;
  connectionId: string;
  sessionKey: string;
  prompt: string;
  schema?: unknown;
  payload?: unknown;
  status: InterruptStatus;
  /** The `response` of the answering functionResponse (or `{text}` for a workflow text reply). */
  answer?: unknown;
  /** Function name to answer with (`adk_request_*` or the long-running tool's name). */
  callName: string;
  eventId: string;
  invocationId: string;
  author: string;
  nodePath?: string;
  createdAt: number | null;
  answeredByEventId?: string;
  /**
   * Answered and the agent went on with it (an agent event followed the answer in its run). False
   * while the agent has not acted on the answer — e.g. it refused it with an error frame.
   */
  answerTaken?: boolean;
  /**
   * Answered, never acted on, and a new user turn came after the answer: the session moved past
   * this request (a refused answer is then stale, not failed with a Retry).
   */
  answerLeftBehind?: boolean;
}

export type AdkInterrupt =
  | (InterruptBase & {
      kind: "confirmation";
      originalCall: AdkFunctionCall | null;
      hint?: string;
    })
  | (InterruptBase & { kind: "input"; message?: string; interruptId?: string })
  | (InterruptBase & {
      kind: "credential";
      /** The tool call waiting for the credential. */
      functionCallId?: string;
      authConfig: JsonRecord;
      /** JS LlmAgent tools send `function_call_id`/`auth_config`; workflows and Python camelCase (adk.md §9.4). */
      argSpelling: "snake" | "camel";
      schemeType?: string;
      authUri?: string;
      credentialKey?: string;
    })
  | (InterruptBase & {
      kind: "long_running";
      args: Record<string, unknown>;
      /** The tool's own interim response (e.g. `{status:"pending"}`); the final one comes from the client. */
      interimResponse?: unknown;
    });

export interface InterruptContext {
  connectionId: string;
  sessionKey: string;
}

export type Tracked = AdkInterrupt & {
  /** User turns seen before it was raised; a later user turn leaves it behind. */
  turn: number;
  /** Invocation of the answering user event ("" when unknown, e.g. Loupe's own record). */
  answeredInvocation?: string;
  /** User events seen when it was answered (to tell the agent's reply to *this* answer). */
  answeredAtUserEvent?: number;
  /** User turns counted once the answering event is in (a workflow text reply is itself a turn). */
  answeredTurn?: number;
};

export interface InterruptTracker {
  /** By interrupt key (event id + call id), in order of appearance. */
  byKey: Map<string, Tracked>;
  /** The newest interrupt key per call id: a functionResponse answers that one. */
  latestByCall: Map<string, string>;
  /** Real user turns (text or files) seen so far. */
  userTurns: number;
  /** Every user-authored event with content seen so far. */
  userEvents: number;
  /** Every function call's name by id, to name the tool a credential is for. */
  callNames: Map<string, string>;
}

export function createInterruptTracker(): InterruptTracker {
  return { byKey: new Map(), latestByCall: new Map(), userTurns: 0, userEvents: 0, callNames: new Map() };
}

/** The identity of the interrupt raised by call `callId` in event `eventId`. */
export function interruptKey(eventId: string, callId: string): string {
  return `${eventId}:${callId}`;
}
