/**
 * ADK pauses → cross-protocol Interrupts (DESIGN.md "Interrupts"; adk.md §6). A pause is a
 * function call: `adk_request_confirmation`, `adk_request_input`, `adk_request_credential`, or any
 * call listed in `longRunningToolIds`. It is answered by a later `functionResponse` with the same
 * id (sent by the client as a new run's `newMessage`). The tracker is incremental so the timeline
 * can keep it current in O(1) per event.
 */
import { field, isRecord, rec, str, type JsonRecord } from "./guards";
import { interruptKindOf } from "./items";
import { normalizeEvent } from "./event";
import type { AdkEvent, AdkFunctionCall, InterruptKind } from "./types";

export type InterruptStatus = "pending" | "answered" | "stale" | "failed";

interface InterruptBase {
  /** The pause call's id (unique within a session); answer with this id. */
  id: string;
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

type Tracked = AdkInterrupt & { ordinal: number };

export interface InterruptTracker {
  byId: Map<string, Tracked>;
  /** Count of distinct invocations seen so far; an interrupt from an older one is "moved past". */
  ordinal: number;
  lastInvocationId: string;
  /** Every function call's name by id, to name the tool a credential is for. */
  callNames: Map<string, string>;
}

export function createInterruptTracker(): InterruptTracker {
  return { byId: new Map(), ordinal: 0, lastInvocationId: "", callNames: new Map() };
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
    connectionId: "",
    sessionKey: "",
    status: "pending" as const,
    callName: call.name,
    eventId: ev.id,
    invocationId: ev.invocationId,
    author: ev.author,
    createdAt: ev.timestamp,
    ordinal: t.ordinal,
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

/** Feeds one final (non-partial) event. */
export function trackInterrupts(t: InterruptTracker, ev: AdkEvent): void {
  if (ev.shape !== "event" || ev.partial) return;
  const inv = ev.invocationId;
  // PATCH-state events (`p-…`) and compaction events (`""`) do not move the agent on.
  if (inv !== "" && !inv.startsWith("p-") && inv !== t.lastInvocationId) {
    t.ordinal += 1;
    t.lastInvocationId = inv;
  }
  let hasResponse = false;
  for (const part of ev.parts) {
    if (part.kind !== "function_response") continue;
    hasResponse = true;
    const it = t.byId.get(part.response.id);
    if (!it || it.status === "answered") continue;
    if (it.kind === "long_running" && ev.author !== "user") {
      // The tool's own return value; the pause still waits for the client's final result (adk.md §6.2).
      it.interimResponse = part.response.response;
      continue;
    }
    it.status = "answered";
    it.answer = part.response.response;
    if (ev.id) it.answeredByEventId = ev.id;
  }
  if (ev.author === "user" && !hasResponse) {
    const text = ev.parts.map((p) => (p.kind === "text" ? p.text : "")).join("");
    // In workflows a plain text user message also answers pending adk_request_input (adk.md §6.4).
    if (text !== "") {
      for (const it of t.byId.values()) {
        if (it.kind !== "input" || it.status !== "pending" || !it.nodePath) continue;
        it.status = "answered";
        it.answer = { text };
        if (ev.id) it.answeredByEventId = ev.id;
      }
    }
  }
  for (const part of ev.parts) {
    if (part.kind !== "function_call") continue;
    const { call } = part;
    t.callNames.set(call.id, call.name);
    const kind = interruptKindOf(call, ev.longRunningToolIds);
    // Workflows re-emit completed node events on resume (adk.md §9.6): keep the first sighting.
    if (kind && !t.byId.has(call.id)) t.byId.set(call.id, build(ev, call, kind, t));
  }
}

/** The interrupts seen so far, in order of appearance, with their current status. */
export function listInterrupts(t: InterruptTracker, ctx: InterruptContext): AdkInterrupt[] {
  const out: AdkInterrupt[] = [];
  for (const tracked of t.byId.values()) {
    const { ordinal, ...it } = tracked;
    // Long-running results may still arrive in any later run, so those never go stale.
    const stale = it.status === "pending" && it.kind !== "long_running" && t.ordinal > ordinal;
    out.push({ ...it, ...ctx, status: stale ? "stale" : it.status } as AdkInterrupt);
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
