// Test-only: A2A entries as Loupe records them (lib/contracts/a2a.ts kinds), frames in the v1.0
// JSON the SDK's server writes (StreamResponse oneof: task / statusUpdate / artifactUpdate / message).
import type { Entry } from "@/lib/contracts/entries";

let seq = 0;
const T0 = 1_700_000_000_000;
export const TASK = "task-1";
export const CTX = "ctx-1";

export function entry(kind: string, raw: unknown, at: number, direction: Entry["direction"] = "in"): Entry {
  seq += 1;
  return {
    seq,
    connectionId: "demo-a2a",
    sessionKey: CTX,
    receivedAt: T0 + at,
    sourceTime: null,
    direction,
    protocol: "a2a",
    kind,
    raw,
    rawBytes: JSON.stringify(raw).length,
  };
}

const rpc = (result: unknown) => ({ jsonrpc: "2.0", id: 1, result });
export const frame = (exchangeId: string, result: unknown, at: number) =>
  entry(
    "a2a_frame",
    { exchangeId, transport: "JSONRPC", method: "SendStreamingMessage", taskId: TASK, contextId: CTX, kind: "event", payload: rpc(result) },
    at,
  );

/** The user's SendStreamingMessage of exchange `exchangeId`, as Loupe records it: `message` beside its ROLE_USER role. */
export const sent = (exchangeId: string, message: Record<string, unknown>, at: number) =>
  entry(
    "a2a_request",
    {
      exchangeId,
      transport: "JSONRPC",
      method: "SendStreamingMessage",
      url: "http://127.0.0.1:7190/a2a/jsonrpc",
      body: { jsonrpc: "2.0", id: 1, method: "SendStreamingMessage", params: { message: { role: "ROLE_USER", ...message } } },
    },
    at,
    "out",
  );

const text = (t: string) => ({ text: t, mediaType: "text/plain" });
export const status = (state: string, words?: string) => ({
  statusUpdate: {
    taskId: TASK,
    contextId: CTX,
    status: { state, ...(words ? { message: { role: "ROLE_AGENT", messageId: `m-${state}`, parts: [text(words)] } } : {}) },
  },
});
export const chunk = (t: string, append: boolean, lastChunk: boolean) => ({
  artifactUpdate: { taskId: TASK, contextId: CTX, append, lastChunk, artifact: { artifactId: "a-1", name: "report.md", parts: [text(t)] } },
});

/** One exchange: the request, a task frame, every state, two streamed chunks and the last one. */
export function everyStep(): Entry[] {
  seq = 0;
  const x = "x-1";
  return [
    sent(x, { messageId: "u-1", parts: [text("report")] }, 0),
    entry("a2a_stream", { exchangeId: x, taskId: TASK, event: "open" }, 5, "local"),
    frame(x, { task: { id: TASK, contextId: CTX, status: { state: "TASK_STATE_SUBMITTED" } } }, 12),
    frame(x, status("TASK_STATE_WORKING", "Writing the report"), 40),
    frame(x, chunk("# Weekly report\n", false, false), 150),
    frame(x, chunk("Sales rose 4 %", true, false), 300),
    frame(x, status("TASK_STATE_INPUT_REQUIRED", "Which city?"), 320),
    frame(x, status("TASK_STATE_AUTH_REQUIRED", "Need a key"), 330),
    frame(x, { message: { role: "ROLE_AGENT", messageId: "m-9", parts: [text("thanks")] } }, 340),
    frame(x, chunk("Next review: Monday.", true, true), 450),
    frame(x, status("TASK_STATE_COMPLETED"), 1_500),
    frame(x, status("TASK_STATE_FAILED", "boom"), 1_510),
    frame(x, status("TASK_STATE_CANCELED"), 1_520),
    frame(x, status("TASK_STATE_REJECTED"), 1_530),
    entry(
      "a2a_push",
      { pushId: "p-1", taskId: TASK, headers: {}, body: { statusUpdate: status("TASK_STATE_COMPLETED").statusUpdate } },
      1_600,
    ),
    entry("a2a_malformed", { exchangeId: x, text: "data: {nope", error: "Unexpected token" }, 1_700),
    entry("a2a_something_new", { taskId: TASK, what: "a kind this UI does not know" }, 1_800),
  ];
}
