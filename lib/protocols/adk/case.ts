/**
 * An ADK session as a test case (issue 24): each real user turn with its input parts, the pauses
 * met in it (adk.md §6) with the answer the human gave, the tool calls the agent made (the
 * trajectory; ADK's own pause calls are not tools) and the final response. Pure: the stored
 * session's events in, the case's turns out; the replay driver reads a live run the same way.
 */
import type { InterruptAnswer } from "@/lib/contracts/agents";
import type { PauseMet, ToolCallMade } from "@/lib/contracts/testing";
import type { AgentTurn } from "@/lib/suites/agent-turns";
import { isRecord } from "@/lib/values";
import { field, rec, str } from "./guards";
import { normalizeEvent } from "./event";
import { REQUEST_TOOLS } from "./items";
import { extractInterrupts, type AdkInterrupt } from "./interrupts";
import type { AdkEvent } from "./types";

/** What an ADK pause paused on, stable across runs (call ids are not). */
export function adkPauseMet(i: AdkInterrupt): PauseMet {
  const key = adkPauseKey(i);
  return { kind: i.kind, ...(key ? { key } : {}), request: i.payload ?? i.prompt };
}

function adkPauseKey(i: AdkInterrupt): string | undefined {
  switch (i.kind) {
    case "confirmation":
      return i.originalCall?.name;
    case "credential":
      return i.credentialKey;
    case "input":
      return i.nodePath;
    case "long_running":
      return i.callName;
  }
}

/**
 * The answer body Loupe's answer route takes, from the functionResponse the human sent; null when
 * it cannot be rebuilt (a credential whose key the session does not keep).
 */
export function adkRecordedAnswer(i: AdkInterrupt): InterruptAnswer | null {
  const r = i.answer;
  switch (i.kind) {
    case "confirmation":
      if (!isRecord(r) || typeof r.confirmed !== "boolean") return null;
      return r.payload === undefined
        ? { kind: i.kind, confirmed: r.confirmed }
        : { kind: i.kind, confirmed: r.confirmed, payload: r.payload };
    case "input":
      return r === undefined ? null : { kind: i.kind, value: r };
    case "long_running":
      return r === undefined ? null : { kind: i.kind, response: r };
    case "credential": {
      const exchanged = isRecord(r) ? rec(field(r, "exchangedAuthCredential")) : undefined;
      const apiKey = exchanged ? str(field(exchanged, "apiKey")) : undefined;
      if (apiKey) return { kind: "credential", apiKey };
      const uri = exchanged ? str(field(rec(exchanged.oauth2) ?? {}, "authResponseUri")) : undefined;
      return uri ? { kind: "credential_oauth", authResponseUri: uri } : null;
    }
  }
}

function inputText(parts: readonly unknown[]): string {
  const text = parts.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : "[file]")).join(" ");
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A user event with something besides function responses: the start of a turn. */
function isUserTurn(ev: AdkEvent): boolean {
  return ev.shape === "event" && !ev.partial && ev.author === "user" && ev.parts.some((p) => p.kind !== "function_response");
}

/** The turn's input as the composer sends it: its text and inline files. */
function inputParts(ev: AdkEvent): unknown[] {
  const content = isRecord(ev.raw) ? rec(ev.raw.content) : undefined;
  const parts = Array.isArray(content?.parts) ? content.parts : [];
  return parts.filter((p) => isRecord(p) && (typeof p.text === "string" || isRecord(field(p, "inlineData"))));
}

/**
 * What the agent did in a run of events (one turn, or the live runs of a replayed turn): its tool
 * calls in order (a call id once: workflows re-emit events on resume) and its last text.
 */
export function adkOutcome(events: readonly AdkEvent[]): Pick<AgentTurn, "toolCalls" | "finalResponse"> {
  const seen = new Set<string>();
  const toolCalls: ToolCallMade[] = [];
  let finalResponse = "";
  for (const ev of events) {
    if (ev.shape !== "event" || ev.partial || ev.author === "user") continue;
    const text = ev.parts.map((p) => (p.kind === "text" ? p.text : "")).join("");
    if (text.trim() !== "") finalResponse = text;
    for (const p of ev.parts) {
      if (p.kind !== "function_call" || p.call.name in REQUEST_TOOLS) continue;
      if (p.call.id !== "" && seen.has(p.call.id)) continue;
      seen.add(p.call.id);
      toolCalls.push({ name: p.call.name, args: p.call.args });
    }
  }
  return { toolCalls, finalResponse };
}

/** The stored session's events → the case's turns (events before the first user turn are skipped). */
export function adkCaseTurns(rawEvents: readonly unknown[]): AgentTurn[] {
  const events = rawEvents.map(normalizeEvent);
  const turnOf = new Map<string, number>();
  const spans: { input: unknown[]; events: AdkEvent[] }[] = [];
  for (const ev of events) {
    if (isUserTurn(ev)) spans.push({ input: inputParts(ev), events: [] });
    const span = spans[spans.length - 1];
    if (!span) continue;
    span.events.push(ev);
    if (ev.id !== "") turnOf.set(ev.id, spans.length - 1);
  }
  const answeredAt = new Map(events.map((ev, i) => [ev.id, i] as const));
  const interrupts = extractInterrupts(rawEvents, { connectionId: "", sessionKey: "" });
  return spans.map((span, index) => {
    const order = (i: AdkInterrupt): number =>
      i.answeredByEventId !== undefined ? (answeredAt.get(i.answeredByEventId) ?? Infinity) : Infinity;
    const pauses = interrupts
      .filter((i) => turnOf.get(i.eventId) === index && i.status !== "stale")
      .map((i, at) => ({ i, at }))
      .sort((a, b) => order(a.i) - order(b.i) || a.at - b.at)
      .map(({ i }) => ({ ...adkPauseMet(i), answer: i.status === "answered" ? adkRecordedAnswer(i) : null }));
    return { input: span.input, label: `user: ${inputText(span.input)}`, pauses, ...adkOutcome(span.events) };
  });
}
