import { EventType } from "@ag-ui/core";
import type { BaseEvent, Interrupt, Message, RunAgentInput, RunErrorEvent, RunStartedEvent } from "@ag-ui/core";

/**
 * What the demo AG-UI agent says, as a pure function of the run input and the thread's memory:
 * deterministic (no LLM) so tests and captured fixtures are stable.
 *
 * Triggers (in the last user message): "book" → calls the front-end tool `confirm_booking`;
 * "approve" → ends with an interrupt outcome ("approve twice" → two interrupts); "slow" → streams
 * slowly (to abort); "fail" → RUN_ERROR; "bulk N" → a run of N events; anything else → the showcase run (every event family).
 */

export const FRONTEND_TOOL = "confirm_booking";

export const CONFIRM_BOOKING_TOOL = {
  name: FRONTEND_TOOL,
  description: "Ask the user to confirm a hotel booking before it is made.",
  parameters: {
    type: "object",
    properties: {
      hotel: { type: "string" },
      nights: { type: "integer", minimum: 1 },
      confirmed: { type: "boolean", description: "What the user decided (the tool's result)" },
    },
    required: ["hotel", "nights"],
  },
};

export const APPROVAL_SCHEMA = {
  type: "object",
  properties: { approved: { type: "boolean" }, note: { type: "string" } },
  required: ["approved"],
};

/** Per-thread memory of the demo agent: interrupts it still waits on. */
export interface ThreadMemory {
  pending: Interrupt[];
}

/** One scripted step: an event, or a pause before the next one. */
export type Step = BaseEvent | { pauseMs: number };

function lastUserText(messages: Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === "user") return typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join(" ");
  }
  return "";
}

function text(messageId: string, parts: string[]): BaseEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    ...parts.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

function split(s: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

function showcase(input: RunAgentInput, id: (p: string) => string, said: string): BaseEvent[] {
  const weatherArgs = JSON.stringify({ city: "Lisbon", unit: "celsius" });
  const toolCallId = id("tc");
  const msg1 = id("msg");
  const msg2 = id("msg");
  const reasoningId = id("rsn");
  const assistantText = `You said: ${said || "(nothing)"}. Let me check the weather.`;
  const closing = "It is sunny in Lisbon, 21°C.";
  return [
    { type: EventType.STEP_STARTED, stepName: "plan" },
    { type: EventType.REASONING_START, messageId: reasoningId },
    { type: EventType.REASONING_MESSAGE_START, messageId: reasoningId, role: "reasoning" },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta: "The user wants a trip; " },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta: "check the weather first." },
    { type: EventType.REASONING_MESSAGE_END, messageId: reasoningId },
    { type: EventType.REASONING_END, messageId: reasoningId },
    { type: EventType.STEP_FINISHED, stepName: "plan" },
    { type: EventType.STATE_SNAPSHOT, snapshot: { trip: { city: "Lisbon", nights: 0 }, checks: [] } },
    { type: EventType.STEP_STARTED, stepName: "act" },
    ...text(msg1, split(assistantText, 12)),
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "get_weather", parentMessageId: msg1 },
    ...split(weatherArgs, 10).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
    { type: EventType.TOOL_CALL_END, toolCallId },
    {
      type: EventType.TOOL_CALL_RESULT,
      messageId: id("msg"),
      toolCallId,
      content: JSON.stringify({ sky: "sunny", tempC: 21 }),
      role: "tool",
    },
    {
      type: EventType.STATE_DELTA,
      delta: [
        { op: "replace", path: "/trip/nights", value: 3 },
        { op: "add", path: "/checks/-", value: "weather" },
      ],
    },
    { type: EventType.STATE_DELTA, delta: [{ op: "add", path: "/trip/weather", value: "sunny" }] },
    // The CHUNK variant of a text message: the client expands it into START/CONTENT/END.
    { type: EventType.TEXT_MESSAGE_CHUNK, messageId: msg2, role: "assistant", delta: closing.slice(0, 14) },
    { type: EventType.TEXT_MESSAGE_CHUNK, messageId: msg2, delta: closing.slice(14) },
    { type: EventType.CUSTOM, name: "loupe.demo.rating", value: { stars: 5 } },
    { type: EventType.STEP_FINISHED, stepName: "act" },
    {
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        ...input.messages,
        {
          id: msg1,
          role: "assistant",
          content: assistantText,
          toolCalls: [{ id: toolCallId, type: "function", function: { name: "get_weather", arguments: weatherArgs } }],
        },
        { id: id("msg"), role: "tool", toolCallId, content: JSON.stringify({ sky: "sunny", tempC: 21 }) },
        { id: msg2, role: "assistant", content: closing },
      ],
    },
  ];
}

/**
 * A long run of `n` events (RUN_STARTED and RUN_FINISHED included) mixing every common family:
 * text, reasoning, tool calls with streamed args and results, state deltas, steps. For the
 * benches ("bulk 10000") and for opening a big run in the browser.
 */
export function bulkEvents(n: number, threadId: string, runId: string): BaseEvent[] {
  const out: BaseEvent[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.STATE_SNAPSHOT, snapshot: { counters: {} } },
  ];
  const GROUP = 17;
  for (let k = 0; out.length + GROUP <= n - 1; k++) {
    const m = `m${k}`;
    const c = `c${k}`;
    out.push(
      { type: EventType.STEP_STARTED, stepName: `step ${k}` },
      { type: EventType.REASONING_MESSAGE_START, messageId: `r${k}`, role: "reasoning" },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: `r${k}`, delta: `thinking about step ${k}` },
      { type: EventType.REASONING_MESSAGE_END, messageId: `r${k}` },
      { type: EventType.TEXT_MESSAGE_START, messageId: m, role: "assistant" },
      ...["Working ", "on ", "step ", `${k}. `].map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: m, delta })),
      { type: EventType.TEXT_MESSAGE_END, messageId: m },
      { type: EventType.TOOL_CALL_START, toolCallId: c, toolCallName: "count", parentMessageId: m },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: c, delta: `{"step":` },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: c, delta: `${k}}` },
      { type: EventType.TOOL_CALL_END, toolCallId: c },
      { type: EventType.TOOL_CALL_RESULT, messageId: `t${k}`, toolCallId: c, content: `${k}`, role: "tool" },
      { type: EventType.STATE_DELTA, delta: [{ op: "add", path: `/counters/c${k % 100}`, value: k }] },
      { type: EventType.STEP_FINISHED, stepName: `step ${k}` },
    );
  }
  // Whole groups only (a cut one would leave a step or a message open); CUSTOM events pad to n.
  for (let k = 0; out.length < n - 1; k++) out.push({ type: EventType.CUSTOM, name: "loupe.bulk.pad", value: k });
  out.length = Math.max(1, n - 1);
  out.push({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "success" } });
  return out;
}

/** The scripted steps of one run (RUN_STARTED … RUN_FINISHED / RUN_ERROR). */
export function scriptRun(input: RunAgentInput, memory: ThreadMemory): Step[] {
  let n = 0;
  const id = (p: string) => `${p}-${input.runId.slice(0, 8)}-${++n}`;
  const start: RunStartedEvent = { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId };
  const finished = (extra: Record<string, unknown> = {}) =>
    ({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, ...extra }) as BaseEvent;
  const error = (message: string, code: string): Step[] => {
    const failed: RunErrorEvent = { type: EventType.RUN_ERROR, message, code };
    return [start, failed];
  };

  const resume = input.resume ?? [];
  if (memory.pending.length > 0) {
    // Interrupt contract rules 3 and 4: a run on a thread with open interrupts must answer all of them.
    const answered = new Set(resume.map((r) => r.interruptId));
    const open = memory.pending.filter((i) => !answered.has(i.id));
    if (open.length > 0) return error(`Open interrupts not answered by resume: ${open.map((i) => i.id).join(", ")}`, "resume_required");
    const words = resume.map((r) => {
      if (r.status === "cancelled") return `${r.interruptId}: cancelled`;
      const approved = typeof r.payload === "object" && r.payload !== null && "approved" in r.payload && r.payload.approved === true;
      return `${r.interruptId}: ${approved ? "approved" : "denied"}`;
    });
    memory.pending = [];
    return [
      start,
      ...text(id("msg"), [`Resumed. `, words.join("; "), "."]),
      { type: EventType.STATE_DELTA, delta: [{ op: "add", path: "/approval", value: words }] },
      finished({ outcome: { type: "success" }, result: { resumed: words } }),
    ];
  }
  if (resume.length > 0) return error(`Nothing to resume: no open interrupt on thread ${input.threadId}`, "unknown_interrupt");

  const last = input.messages[input.messages.length - 1];
  if (last?.role === "tool") {
    const answer = typeof last.content === "string" ? last.content : JSON.stringify(last.content);
    return [
      start,
      ...text(id("msg"), ["The booking tool answered: ", answer, "."]),
      { type: EventType.STATE_SNAPSHOT, snapshot: { booking: { toolCallId: last.toolCallId, answer } } },
      finished({ outcome: { type: "success" } }),
    ];
  }

  const said = lastUserText(input.messages);
  const lower = said.toLowerCase();
  const bulk = /\bbulk (\d+)/.exec(lower);
  if (bulk) return bulkEvents(Math.min(Math.max(Number(bulk[1]), 2), 200_000), input.threadId, input.runId);
  if (lower.includes("fail")) return error("The demo agent was asked to fail", "demo_failure");
  if (lower.includes("slow")) {
    const msg = id("msg");
    const steps: Step[] = [start, { type: EventType.TEXT_MESSAGE_START, messageId: msg, role: "assistant" }];
    for (let i = 0; i < 200; i++)
      steps.push({ pauseMs: 50 }, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: msg, delta: `tick ${i} ` });
    return [...steps, { type: EventType.TEXT_MESSAGE_END, messageId: msg }, finished()];
  }
  if (lower.includes("book")) {
    if (!input.tools.some((t) => t.name === FRONTEND_TOOL)) {
      return [start, ...text(id("msg"), [`I would ask you to confirm, but the client declared no ${FRONTEND_TOOL} tool.`]), finished()];
    }
    const toolCallId = id("tc");
    const msg = id("msg");
    const args = JSON.stringify({ hotel: "Hotel Aurora", nights: 3 });
    return [
      start,
      ...text(msg, ["I found Hotel Aurora. ", "Please confirm the booking."]),
      { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: FRONTEND_TOOL, parentMessageId: msg },
      ...split(args, 8).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
      { type: EventType.TOOL_CALL_END, toolCallId },
      finished({ outcome: { type: "success" } }),
    ];
  }
  if (lower.includes("approve")) {
    const count = lower.includes("twice") ? 2 : 1;
    const interrupts: Interrupt[] = [];
    for (let i = 1; i <= count; i++) {
      interrupts.push({
        id: id("int"),
        reason: "confirmation",
        message: count === 1 ? "Spend 300 EUR on the booking?" : `Approval ${i} of ${count}: spend ${i * 100} EUR?`,
        responseSchema: APPROVAL_SCHEMA,
      });
    }
    memory.pending = interrupts;
    return [
      start,
      ...text(id("msg"), ["This needs your approval."]),
      { type: EventType.STATE_SNAPSHOT, snapshot: { awaiting: interrupts.map((i) => i.id) } },
      finished({ outcome: { type: "interrupt", interrupts } }),
    ];
  }
  return [start, ...showcase(input, id, said), finished({ outcome: { type: "success" }, result: { ok: true } })];
}
