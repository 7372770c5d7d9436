/**
 * Per-event bookkeeping of the ADK timeline (see timeline.ts): state deltas with a diff, artifact
 * versions, tool calls paired with their results by call id, per-invocation summaries, usage
 * totals and pause tracking. Mutates the timeline state in place, like the reducer.
 */
import { interruptKindOf, isErrorResponse, stateScope } from "./items";
import { trackInterrupts } from "./interrupts";
import type { AdkEvent } from "./types";
import type { InvocationSummary, StateChange, TimelineState, ToolCallRecord, UsageTotals } from "./timeline-types";

export function emptyUsage(): UsageTotals {
  return { prompt: 0, candidates: 0, total: 0, calls: 0 };
}

function addUsage(into: UsageTotals, ev: AdkEvent): void {
  if (!ev.usage) return;
  into.prompt += ev.usage.prompt;
  into.candidates += ev.usage.candidates;
  into.total += ev.usage.total;
  into.calls += 1;
}

export function touchInvocation(s: TimelineState, index: number, ev: AdkEvent): InvocationSummary | undefined {
  if (ev.invocationId === "") return undefined;
  let inv = s.invocations.get(ev.invocationId);
  if (!inv) {
    inv = {
      id: ev.invocationId,
      entries: [],
      firstTime: null,
      lastTime: null,
      authors: [],
      usage: emptyUsage(),
      hasError: false,
    };
    s.invocations.set(ev.invocationId, inv);
  }
  const last = inv.entries[inv.entries.length - 1];
  // Indexes arrive increasing except for merges into an earlier entry, which are usually present.
  if (last === undefined || index > last) inv.entries.push(index);
  else if (!inv.entries.includes(index))
    inv.entries.splice(
      inv.entries.findIndex((i) => i > index),
      0,
      index,
    );
  if (ev.timestamp !== null) {
    if (inv.firstTime === null || ev.timestamp < inv.firstTime) inv.firstTime = ev.timestamp;
    if (inv.lastTime === null || ev.timestamp > inv.lastTime) inv.lastTime = ev.timestamp;
  }
  if (ev.author && !inv.authors.includes(ev.author)) inv.authors.push(ev.author);
  return inv;
}

function applyState(s: TimelineState, delta: Record<string, unknown>, skip?: Record<string, unknown>): StateChange[] {
  const changes: StateChange[] = [];
  for (const [key, after] of Object.entries(delta)) {
    if (skip && key in skip && skip[key] === after) continue;
    const existed = key in s.state;
    changes.push({ key, scope: stateScope(key), before: s.state[key], after, existed });
    s.state[key] = after;
  }
  return changes;
}

function callRecord(callId: string, name: string): ToolCallRecord {
  return {
    callId,
    name,
    args: {},
    longRunning: false,
    interruptKind: null,
    callEntry: null,
    callTime: null,
    results: [],
    latencyMs: null,
  };
}

function registerParts(s: TimelineState, index: number, ev: AdkEvent): void {
  for (const part of ev.parts) {
    if (part.kind === "function_call") {
      const { call } = part;
      let rec = s.calls.get(call.id) ?? callRecord(call.id, call.name);
      if (rec.callEntry !== null) {
        if (!isReusedId(s, rec, ev)) continue; // re-emitted call (adk.md §9.6): keep the first
        // The same id for a new call (a workflow gate run again): the old record keeps its results.
        s.earlierCalls.set(call.id, [...(s.earlierCalls.get(call.id) ?? []), rec]);
        rec = callRecord(call.id, call.name);
      }
      rec.name = call.name;
      rec.args = call.args;
      rec.longRunning = ev.longRunningToolIds.includes(call.id);
      rec.interruptKind = interruptKindOf(call, ev.longRunningToolIds);
      rec.callEntry = index;
      rec.callTime = ev.timestamp;
      s.calls.set(call.id, rec);
    } else if (part.kind === "function_response") {
      const r = part.response;
      const rec = s.calls.get(r.id) ?? callRecord(r.id, r.name);
      s.calls.set(r.id, rec);
      if (rec.results.some((x) => x.entry === index)) continue;
      rec.results.push({
        entry: index,
        eventId: ev.id,
        time: ev.timestamp,
        author: ev.author,
        response: r.response,
        isError: isErrorResponse(r.response),
      });
      if (rec.results.length === 1 && rec.callTime !== null && ev.timestamp !== null) {
        rec.latencyMs = ev.timestamp - rec.callTime;
      }
    }
  }
}

/**
 * A call id seen again after its call got a result outside the run sending it now: a new call
 * that reuses the id. Inside that run (or with no result yet) it is a re-emission.
 */
function isReusedId(s: TimelineState, rec: ToolCallRecord, ev: AdkEvent): boolean {
  const last = rec.results[rec.results.length - 1];
  if (!last) return false;
  const resultInvocation = s.entries[last.entry]?.event.invocationId ?? "";
  return ev.invocationId !== "" && ev.invocationId !== resultInvocation;
}

/**
 * The record of call `callId` as seen from entry `index`: the newest call with that id made at or
 * before it (a reused id names a different call in each run).
 */
export function callRecordAt(tl: TimelineState, callId: string, index: number): ToolCallRecord | undefined {
  const current = tl.calls.get(callId);
  const earlier = tl.earlierCalls.get(callId);
  if (!earlier || (current && (current.callEntry ?? -1) <= index)) return current;
  for (let i = earlier.length - 1; i >= 0; i--) {
    const rec = earlier[i]!;
    if ((rec.callEntry ?? -1) <= index) return rec;
  }
  return earlier[0] ?? current;
}

/** Bookkeeping for a final event (or the extra half of a Python duplicate) at `index`. */
export function absorbFinal(s: TimelineState, index: number, ev: AdkEvent, prior?: AdkEvent): StateChange[] {
  const changes = applyState(s, ev.actions.stateDelta, prior?.actions.stateDelta);
  for (const [file, version] of Object.entries(ev.actions.artifactDelta)) {
    const versions = (s.artifacts[file] ??= []);
    if (!versions.includes(version)) versions.push(version);
  }
  registerParts(s, index, ev);
  const inv = touchInvocation(s, index, ev);
  if (!prior?.usage) {
    addUsage(s.usage, ev);
    if (inv) addUsage(inv.usage, ev);
  }
  // A tool that returned an error is an error of its invocation too.
  if (inv && (ev.error || ev.parts.some((p) => p.kind === "function_response" && isErrorResponse(p.response.response))))
    inv.hasError = true;
  if (ev.compaction && !prior?.compaction) s.compactions.push(index);
  if (ev.id) s.byEventId.set(ev.id, index);
  trackInterrupts(s.interrupts, ev);
  return changes;
}
