/**
 * ADK pauses → cross-protocol Interrupts (DESIGN.md "Interrupts"; adk.md §6). A pause is a
 * function call: `adk_request_confirmation`, `adk_request_input`, `adk_request_credential`, or any
 * call listed in `longRunningToolIds`. It is answered by a later `functionResponse` with the same
 * id (sent by the client as a new run's `newMessage`). The tracker is incremental so the timeline
 * can keep it current in O(1) per event.
 *
 * Identity: an interrupt is the (event, call) that raised it — `key` — not the call id alone,
 * because JS workflow gates reuse one call id (e.g. the credential key) every time they run.
 * Status follows only what the upstream says about *this* request: a functionResponse for its call
 * answers it; a new real user turn (text or a file, not a function response) after it makes it
 * stale. Events of other invocations (Python's compaction event after a paused run, PATCH-state
 * events, answers to other pauses) change nothing.
 */
import { field, isRecord, rec, str, type JsonRecord } from "./guards";
import { interruptKindOf } from "./items";
import { normalizeEvent } from "./event";
import type { AdkEvent, AdkFunctionCall, InterruptKind } from "./types";

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

type Tracked = AdkInterrupt & {
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

function describeScheme(scheme: JsonRecord | undefined): string {
  const type = scheme ? str(scheme.type) : undefined;
  if (!scheme || !type) return "a credential";
  if (type === "apiKey") {
    const name = str(scheme.name);
    const where = str(scheme.in);
    return `an API key${name ? ` "${name}"` : ""}${where ? ` in ${where}` : ""}`;
  }
  if (type === "oauth2") return "an OAuth2 sign-in";
  if (type === "openIdConnect") return "an OpenID Connect sign-in";
  if (type === "http") return `HTTP ${str(scheme.scheme) ?? "auth"} credentials`;
  return `a ${type} credential`;
}

function build(ev: AdkEvent, call: AdkFunctionCall, kind: InterruptKind, t: InterruptTracker): Tracked {
  const base = {
    id: call.id,
    key: interruptKey(ev.id || `${ev.invocationId}#${t.byKey.size}`, call.id),
    connectionId: "",
    sessionKey: "",
    status: "pending" as const,
    callName: call.name,
    eventId: ev.id,
    invocationId: ev.invocationId,
    author: ev.author,
    createdAt: ev.timestamp,
    turn: t.userTurns,
    ...(ev.nodeInfo ? { nodePath: ev.nodeInfo.path } : {}),
  };
  const args = call.args;
  switch (kind) {
    case "confirmation": {
      const orig = rec(field(args, "originalFunctionCall"));
      const conf = rec(field(args, "toolConfirmation"));
      const origName = orig ? str(orig.name) : undefined;
      const originalCall =
        orig && origName ? { id: str(orig.id) ?? "", name: origName, args: rec(orig.args) ?? {} } : null;
      const hint = conf ? str(conf.hint) : undefined;
      // The tool's own suggested payload wins; otherwise pre-fill with the call's args like adk-web.
      const payload = conf && conf.payload !== undefined ? conf.payload : originalCall?.args;
      return {
        ...base,
        kind,
        originalCall,
        prompt: hint ?? `Approve the call to ${origName ?? "a tool"}?`,
        ...(hint !== undefined ? { hint } : {}),
        ...(payload !== undefined ? { payload } : {}),
      };
    }
    case "input": {
      const message = str(args.message);
      const interruptId = str(field(args, "interruptId"));
      const schema = field(args, "responseSchema");
      return {
        ...base,
        kind,
        prompt: message ?? "The agent asks for input.",
        ...(message !== undefined ? { message } : {}),
        ...(interruptId !== undefined ? { interruptId } : {}),
        ...(schema !== undefined ? { schema } : {}),
        ...(args.payload !== undefined ? { payload: args.payload } : {}),
      };
    }
    case "credential": {
      const authConfig = rec(field(args, "authConfig")) ?? {};
      const functionCallId = str(field(args, "functionCallId"));
      const scheme = rec(field(authConfig, "authScheme"));
      const exchanged = rec(field(authConfig, "exchangedAuthCredential"));
      const oauth2 = exchanged ? rec(exchanged.oauth2) : undefined;
      const authUri = oauth2 ? str(field(oauth2, "authUri")) : undefined;
      const credentialKey = str(field(authConfig, "credentialKey"));
      const schemeType = scheme ? str(scheme.type) : undefined;
      const tool = functionCallId ? t.callNames.get(functionCallId) : undefined;
      const message = str(args.message);
      return {
        ...base,
        kind,
        authConfig,
        argSpelling: "function_call_id" in args || "auth_config" in args ? "snake" : "camel",
        prompt: message ?? `${tool ?? "A tool"} needs ${describeScheme(scheme)}.`,
        payload: authConfig,
        ...(functionCallId !== undefined ? { functionCallId } : {}),
        ...(schemeType !== undefined ? { schemeType } : {}),
        ...(authUri !== undefined ? { authUri } : {}),
        ...(credentialKey !== undefined ? { credentialKey } : {}),
      };
    }
    case "long_running":
      return {
        ...base,
        kind,
        args,
        payload: args,
        prompt: `Long-running tool ${call.name} is waiting for its result.`,
      };
  }
}

function answer(t: InterruptTracker, it: Tracked, ev: AdkEvent, value: unknown): void {
  it.status = "answered";
  it.answer = value;
  it.answerTaken = false;
  it.answeredInvocation = ev.invocationId;
  it.answeredAtUserEvent = t.userEvents;
  it.answeredTurn = t.userTurns + (isUserTurn(ev) ? 1 : 0);
  if (ev.id) it.answeredByEventId = ev.id;
  else delete it.answeredByEventId;
}

/** A user event with something besides function responses: the user said something new. */
function isUserTurn(ev: AdkEvent): boolean {
  return ev.author === "user" && ev.parts.some((p) => p.kind !== "function_response");
}

/** An event of the agent itself (not the user, not a compaction summary). */
function isAgentEvent(ev: AdkEvent): boolean {
  return ev.author !== "user" && ev.author !== "" && !ev.compaction;
}

/**
 * Whether a new sighting of a pause call id is a new request rather than a re-emission of the
 * one already tracked (adk.md §9.6: workflows re-emit completed node events on resume).
 */
function isNewRequest(t: InterruptTracker, prev: Tracked, ev: AdkEvent): boolean {
  if (ev.id !== "" && ev.id === prev.eventId) return false;
  if (prev.status === "pending") return t.userTurns > prev.turn;
  // An answered gate raised again in the run that carried its answer is that run re-emitting it.
  return !(prev.answeredInvocation && prev.answeredInvocation === ev.invocationId);
}

/** Feeds one final (non-partial) event. */
export function trackInterrupts(t: InterruptTracker, ev: AdkEvent): void {
  if (ev.shape !== "event" || ev.partial) return;
  const fromUser = ev.author === "user";
  if (fromUser && ev.parts.length > 0) t.userEvents += 1;
  if (isAgentEvent(ev)) {
    for (const it of t.byKey.values()) {
      if (it.status !== "answered" || it.answerTaken !== false) continue;
      const sameRun = it.answeredInvocation ? it.answeredInvocation === ev.invocationId : it.answeredAtUserEvent === t.userEvents;
      if (sameRun) it.answerTaken = true;
    }
  }
  let hasResponse = false;
  for (const part of ev.parts) {
    if (part.kind !== "function_response") continue;
    hasResponse = true;
    const key = t.latestByCall.get(part.response.id);
    const it = key !== undefined ? t.byKey.get(key) : undefined;
    if (!it) continue;
    if (it.kind === "long_running" && !fromUser) {
      // The tool's own return value; the pause still waits for the client's final result (adk.md §6.2).
      if (it.status === "pending") it.interimResponse = part.response.response;
      continue;
    }
    // An answer the agent has not acted on yet (or refused) may be replaced by a later one.
    if (it.status === "answered" && it.answerTaken !== false) continue;
    answer(t, it, ev, part.response.response);
  }
  if (fromUser && !hasResponse) {
    const text = ev.parts.map((p) => (p.kind === "text" ? p.text : "")).join("");
    // In workflows a plain text user message also answers pending adk_request_input (adk.md §6.4).
    if (text !== "") {
      for (const it of t.byKey.values()) {
        if (it.kind !== "input" || it.status !== "pending" || !it.nodePath || t.userTurns > it.turn) continue;
        answer(t, it, ev, { text });
      }
    }
  }
  if (isUserTurn(ev)) t.userTurns += 1;
  for (const part of ev.parts) {
    if (part.kind !== "function_call") continue;
    const { call } = part;
    t.callNames.set(call.id, call.name);
    const kind = interruptKindOf(call, ev.longRunningToolIds);
    if (!kind) continue;
    const prevKey = t.latestByCall.get(call.id);
    const prev = prevKey !== undefined ? t.byKey.get(prevKey) : undefined;
    if (prev && !isNewRequest(t, prev, ev)) continue;
    const it = build(ev, call, kind, t);
    t.byKey.set(it.key, it);
    t.latestByCall.set(call.id, it.key);
  }
}

/** The interrupts seen so far, in order of appearance, with their current status. */
export function listInterrupts(t: InterruptTracker, ctx: InterruptContext): AdkInterrupt[] {
  const out: AdkInterrupt[] = [];
  for (const tracked of t.byKey.values()) {
    const { turn, answeredInvocation: _inv, answeredAtUserEvent: _at, answeredTurn, ...it } = tracked;
    // Long-running results may still arrive in any later run, so those never go stale.
    const stale = it.status === "pending" && it.kind !== "long_running" && t.userTurns > turn;
    const leftBehind =
      it.status === "answered" && it.answerTaken === false && it.kind !== "long_running" && t.userTurns > (answeredTurn ?? turn);
    out.push({ ...it, ...ctx, status: stale ? "stale" : it.status, ...(leftBehind ? { answerLeftBehind: true } : {}) } as AdkInterrupt);
  }
  return out;
}

/** One-shot: interrupts of a list of raw or normalized events (e.g. a stored session's events). */
export function extractInterrupts(events: readonly unknown[], ctx: InterruptContext): AdkInterrupt[] {
  const t = createInterruptTracker();
  for (const raw of events) trackInterrupts(t, isAdkEvent(raw) ? raw : normalizeEvent(raw));
  return listInterrupts(t, ctx);
}

function isAdkEvent(value: unknown): value is AdkEvent {
  return isRecord(value) && typeof value.shape === "string" && "issues" in value && "raw" in value;
}

export function pendingInterrupts(list: readonly AdkInterrupt[]): AdkInterrupt[] {
  return list.filter((i) => i.status === "pending");
}
