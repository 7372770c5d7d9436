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
import { isRecord } from "@/lib/values";
import { interruptKindOf } from "./items";
import { normalizeEvent } from "./event";
import { buildInterrupt } from "./interrupt-build";
import { createInterruptTracker, type AdkInterrupt, type InterruptContext, type InterruptTracker, type Tracked } from "./interrupt-types";
import type { AdkEvent } from "./types";

export {
  createInterruptTracker,
  interruptKey,
  type AdkInterrupt,
  type InterruptContext,
  type InterruptStatus,
  type InterruptTracker,
} from "./interrupt-types";

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
    const it = buildInterrupt(ev, call, kind, t);
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
    out.push({ ...it, ...ctx, status: stale ? "stale" : it.status, ...(leftBehind ? { answerLeftBehind: true } : {}) });
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
