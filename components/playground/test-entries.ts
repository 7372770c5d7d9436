/** Playground entries as the server records them (lib/server/playground), for the component tests. */
import type { Entry } from "@/lib/contracts/entries";
import type { PgModelRequest, PgModelResponse, PgToolCall, PgTurn, PlaygroundColumn } from "@/lib/contracts/playground";

let seq = 0;
export function pgEntry(kind: string, raw: unknown, over: Partial<Entry> = {}): Entry {
  seq += 1;
  return {
    seq,
    connectionId: "conv-1",
    sessionKey: "col-1",
    receivedAt: 1_000 + seq,
    sourceTime: null,
    direction: "local",
    protocol: "playground",
    kind,
    raw,
    rawBytes: 100,
    ...over,
  };
}

export const USAGE = { inputTokens: 1200, outputTokens: 80 };

export function requestRaw(turn: number, step: number): PgModelRequest {
  return {
    turn,
    step,
    provider: "scripted",
    model: "scripted",
    url: null,
    body: {
      messages: [{ role: "user", content: "What's the weather in Lisbon, and book me a hotel there" }],
      tools: [{ name: "get-forecast" }, { name: "book-hotel" }],
    },
    toolMap: { "get-forecast": { connectionId: "demo", tool: "get-forecast" }, "book-hotel": { connectionId: "demo", tool: "book-hotel" } },
    findings: {},
  };
}

export function responseRaw(turn: number, step: number, over: Partial<PgModelResponse> = {}): PgModelResponse {
  return {
    turn,
    step,
    status: "ok",
    text: "",
    toolCalls: [],
    finishReason: "tool-calls",
    usage: USAGE,
    costUsd: null,
    latencyMs: 12,
    http: null,
    ...over,
  };
}

export function callRaw(over: Partial<PgToolCall> & Pick<PgToolCall, "toolCallId" | "calledAs" | "status">): PgToolCall {
  return { turn: 1, step: 1, connectionId: "demo", tool: over.calledAs, arguments: { city: "Lisbon" }, ...over };
}

export function turnRaw(status: PgTurn["status"], over: Partial<PgTurn> = {}): PgTurn {
  return { turn: 1, status, startedAt: 1_000, usage: USAGE, costUsd: null, ...over };
}

export const FORECAST_RESULT = { content: [{ type: "text", text: "Lisbon: sunny, 24°C" }] };

/** A turn: user, step 1 (two calls: forecast ran, book-hotel waits at the gate). */
export function gatedTurn(): Entry[] {
  return [
    pgEntry("pg_turn", turnRaw("running")),
    pgEntry("pg_user", { turn: 1, text: "What's the weather in Lisbon, and book me a hotel there" }),
    pgEntry("pg_model_request", requestRaw(1, 1)),
    pgEntry("pg_model_stream", { turn: 1, step: 1, text: "Let me check" }),
    pgEntry(
      "pg_model_response",
      responseRaw(1, 1, {
        text: "Let me check the weather and book.",
        toolCalls: [
          { toolCallId: "c1", name: "get-forecast", input: '{"city":"Lisbon"}', arguments: { city: "Lisbon" } },
          { toolCallId: "c2", name: "book-hotel", input: '{"city":"Lisbon"}', arguments: { city: "Lisbon" } },
        ],
      }),
    ),
    pgEntry("pg_tool_call", callRaw({ toolCallId: "c1", calledAs: "get-forecast", status: "running" })),
    pgEntry(
      "pg_tool_call",
      callRaw({ toolCallId: "c1", calledAs: "get-forecast", status: "ok", result: FORECAST_RESULT, latencyMs: 42, callId: "call-1" }),
    ),
    pgEntry("pg_tool_call", callRaw({ toolCallId: "c2", calledAs: "book-hotel", status: "awaiting_approval", approvalId: "ap-1" })),
  ];
}

export function column(over: Partial<PlaygroundColumn> = {}): PlaygroundColumn {
  return {
    id: "col-1",
    config: { provider: "scripted", model: "scripted", strict: false, maxSteps: 20 },
    status: "idle",
    usage: USAGE,
    costUsd: null,
    ...over,
  };
}
