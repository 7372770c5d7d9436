import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { PgModelResponse, PgToolCall } from "@/lib/contracts/playground";
import { historyOf, MODEL_RESULT_MAX_CHARS, toolOutput, UNFINISHED_RESULT } from "@/lib/server/playground/history";
import { readToolCall } from "@/lib/server/playground/tool-input";

let seq = 0;
const entry = (kind: string, raw: unknown): Entry => ({
  seq: ++seq,
  connectionId: "c",
  sessionKey: "col",
  receivedAt: 0,
  sourceTime: null,
  direction: "local",
  protocol: "playground",
  kind,
  raw,
  rawBytes: 0,
});
const response = (over: Partial<PgModelResponse>): PgModelResponse => ({
  turn: 1,
  step: 1,
  status: "ok",
  text: "",
  toolCalls: [],
  finishReason: "stop",
  usage: null,
  costUsd: null,
  latencyMs: 1,
  http: null,
  ...over,
});
const call = (over: Partial<PgToolCall>): PgToolCall => ({
  turn: 1,
  step: 1,
  toolCallId: "t1",
  calledAs: "get-sum",
  connectionId: "x",
  tool: "get-sum",
  arguments: {},
  status: "ok",
  ...over,
});

describe("readToolCall", () => {
  it("keeps the text as written and parses only a JSON object", () => {
    expect(readToolCall("a", "f", '{"x":1}')).toEqual({ toolCallId: "a", name: "f", input: '{"x":1}', arguments: { x: 1 } });
    expect(readToolCall("a", "f", "")).toMatchObject({ arguments: {} });
    expect(readToolCall("a", "f", '{"x":')).toMatchObject({ input: '{"x":', parseError: expect.stringMatching(/^not valid JSON/) });
    expect(readToolCall("a", "f", "[1]").parseError).toBe("an array, not a JSON object");
    expect(readToolCall("a", "f", '"s"').parseError).toBe("a string, not a JSON object");
    expect(readToolCall("a", "f", "null").arguments).toBeUndefined();
  });
});

describe("toolOutput", () => {
  it("sends text results as text, images as image data, others as JSON, failures as error text", () => {
    expect(
      toolOutput({
        status: "ok",
        result: {
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
      }),
    ).toEqual({ type: "text", value: "a\nb" });
    const image = { content: [{ type: "image", data: "AA==", mimeType: "image/png" }] };
    // Images go as image data after one text part (never empty), not as base64 in a JSON string.
    expect(toolOutput({ status: "ok", result: image })).toEqual({
      type: "content",
      value: [
        { type: "text", text: "The tool returned an image." },
        { type: "image-data", data: "AA==", mediaType: "image/png" },
      ],
    });
    const mixed = {
      content: [
        { type: "text", text: "a" },
        { type: "image", data: "AA==", mimeType: "image/png" },
        { type: "resource_link", uri: "file:///x", name: "x" },
      ],
    };
    expect(toolOutput({ status: "ok", result: mixed })).toEqual({
      type: "content",
      value: [
        { type: "text", text: 'a\n{"type":"resource_link","uri":"file:///x","name":"x"}' },
        { type: "image-data", data: "AA==", mediaType: "image/png" },
      ],
    });
    // Past the cap the model gets the head and the size in words; the record keeps the whole result.
    const long = "a".repeat(MODEL_RESULT_MAX_CHARS + 5);
    const cut = toolOutput({ status: "ok", result: { content: [{ type: "text", text: long }] } });
    expect(cut).toEqual({
      type: "text",
      value: `${"a".repeat(MODEL_RESULT_MAX_CHARS)}\n[Loupe: the tool result is 100,005 characters long; the first 100,000 are sent here. The whole result is in the call's record.]`,
    });
    const link = { content: [{ type: "resource_link", uri: "file:///x", name: "x" }] };
    expect(toolOutput({ status: "ok", result: link })).toEqual({ type: "json", value: link });
    expect(toolOutput({ status: "tool_error", result: { content: [{ type: "text", text: "bad" }], isError: true } })).toEqual({
      type: "error-text",
      value: "bad",
    });
    expect(toolOutput({ status: "rejected", result: "rejected: no" })).toEqual({ type: "error-text", value: "rejected: no" });
  });
});

describe("historyOf", () => {
  it("rebuilds user, assistant and tool messages in order, with the last status of each call", () => {
    const calls = [readToolCall("t1", "get-sum", '{"a":1}'), readToolCall("t2", "echo", "{oops")];
    const entries = [
      entry("pg_user", { turn: 1, text: "hi" }),
      entry("pg_model_response", response({ text: "Adding.", toolCalls: calls })),
      entry("pg_tool_call", call({ status: "running" })),
      entry("pg_tool_call", call({ status: "ok", result: { content: [{ type: "text", text: "2" }] } })),
      entry("pg_tool_call", call({ toolCallId: "t2", calledAs: "echo", status: "invalid_arguments", result: "error: bad" })),
      entry("pg_model_response", response({ step: 2, text: "It is 2." })),
      entry("pg_user", { turn: 2, text: "again" }),
      entry("pg_model_response", response({ turn: 2, status: "error", text: "partial" })),
    ];
    expect(historyOf(entries)).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Adding." },
          { type: "tool-call", toolCallId: "t1", toolName: "get-sum", input: { a: 1 } },
          { type: "tool-call", toolCallId: "t2", toolName: "echo", input: {} },
        ],
      },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "t1", toolName: "get-sum", output: { type: "text", value: "2" } },
          { type: "tool-result", toolCallId: "t2", toolName: "echo", output: { type: "error-text", value: "error: bad" } },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "It is 2." }] },
      { role: "user", content: [{ type: "text", text: "again" }] },
    ]);
  });

  it("gives a call that never finished a result in words, so the prompt stays valid", () => {
    const entries = [
      entry("pg_user", { turn: 1, text: "hi" }),
      entry("pg_model_response", response({ toolCalls: [readToolCall("t1", "get-sum", "{}")] })),
      entry("pg_tool_call", call({ status: "awaiting_approval" })),
    ];
    expect(historyOf(entries)[2]).toEqual({
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "t1", toolName: "get-sum", output: { type: "error-text", value: UNFINISHED_RESULT } }],
    });
  });
});
