/**
 * Two ADK sessions (two runs of the same app) read for the side-by-side compare (issue 12): one
 * `RunUnit` per invocation, in order of first appearance, from the same timeline the session view
 * builds — so streamed partials are folded into their final event (or ignored when the final never
 * came) and Python's doubled events count once. The alignment itself is lib/protocols/run-compare.ts.
 */
import { buildTimeline, callRecordAt } from "./timeline";
import type { TimelineEntry, TimelineState } from "./timeline-types";
import { compareRuns, type RunCall, type RunComparison, type RunUnit } from "../run-compare";

/** Final, shown entries: a bubble that never got its final event (or was superseded by it) is not part of the run. */
const settled = (e: TimelineEntry | undefined): e is TimelineEntry => !!e && e.event.shape === "event" && !e.streaming && !e.superseded;

function textOf(e: TimelineEntry): string {
  return e.items
    .filter((i) => i.kind === "text")
    .map((i) => i.text)
    .join("");
}

/**
 * What the user sent: the text, or — for an answer to a pause (a function response sent as the
 * user's message) — which call it answered, so the row still says what started the invocation.
 */
function userSaid(e: TimelineEntry): string {
  const text = textOf(e);
  if (text.trim() !== "") return text;
  const answered = e.items.flatMap((i) => (i.kind === "tool_result" ? [i.name] : []));
  return answered.length > 0 ? `(answer to ${answered.join(", ")})` : "";
}

function callsOf(tl: TimelineState, entries: readonly TimelineEntry[]): RunCall[] {
  const out: RunCall[] = [];
  for (const e of entries) {
    for (const item of e.items) {
      if (item.kind !== "tool_call") continue;
      const rec = callRecordAt(tl, item.callId, e.index);
      // The last result counts: a long-running tool's interim result is replaced by its final one.
      const last = rec?.results[rec.results.length - 1];
      out.push({ id: item.callId, name: item.name, args: item.args, result: last?.response, isError: last?.isError ?? false });
    }
  }
  return out;
}

/** One invocation of a built timeline as compared. */
export function invocationUnit(tl: TimelineState, invocationId: string): RunUnit | null {
  const inv = tl.invocations.get(invocationId);
  if (!inv) return null;
  const entries = inv.entries.map((i) => tl.entries[i]).filter(settled);
  if (entries.length === 0) return null;
  const user = entries.filter((e) => e.event.author === "user");
  const model = entries.filter((e) => e.event.author !== "user");
  const answer = [...model].reverse().find((e) => textOf(e).trim() !== "");
  const stateDelta: Record<string, unknown> = {};
  for (const e of entries) Object.assign(stateDelta, e.event.actions.stateDelta);
  const errors: string[] = [];
  const transfers: string[] = [];
  for (const e of entries) {
    for (const item of e.items) {
      if (item.kind === "error") errors.push(item.code ? `${item.code}: ${item.message}` : item.message);
      if (item.kind === "transfer") transfers.push(item.toAgent);
    }
  }
  const agents = [...new Set(model.map((e) => e.event.author).filter((a) => a !== ""))];
  return {
    id: invocationId,
    userText: user.map(userSaid).join("\n"),
    calls: callsOf(tl, entries),
    answer: answer ? textOf(answer) : "",
    agents,
    transfers,
    stateDelta,
    errors,
    tokens: inv.usage.calls > 0 ? inv.usage.total : null,
    durationMs: inv.firstTime !== null && inv.lastTime !== null ? inv.lastTime - inv.firstTime : null,
  };
}

/** Every invocation of a session's events (stored `events`, or SSE frames' data), in order. */
export function sessionUnits(rawEvents: Iterable<unknown>): RunUnit[] {
  const tl = buildTimeline(rawEvents);
  return [...tl.invocations.keys()].flatMap((id) => invocationUnit(tl, id) ?? []);
}

/** Two sessions of the same app, aligned by invocation. */
export function compareSessions(a: Iterable<unknown>, b: Iterable<unknown>): RunComparison {
  return compareRuns(sessionUnits(a), sessionUnits(b));
}
