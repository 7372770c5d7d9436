import { describe, expect, it } from "vitest";
import { classifyPreviewObject } from "./frame";

// The shape lib/server/preview.ts gives an oversized frame: small top-level fields + the JSON head.
function preview(frame: Record<string, unknown>): Record<string, unknown> & { _preview: string } {
  const out: Record<string, unknown> & { _preview: string } = { _preview: JSON.stringify(frame).slice(0, 2048) };
  for (const [k, v] of Object.entries(frame)) if (JSON.stringify(v).length <= 1024) out[k] = v;
  return out;
}

const big = { content: [{ type: "text", text: "x".repeat(100_000) }] };

describe("classifyPreviewObject", () => {
  it("reads a response whose result was left out, id last as SDK servers write it", () => {
    expect(classifyPreviewObject(preview({ result: big, jsonrpc: "2.0", id: 7 }))).toEqual({ type: "response", id: 7, isError: false });
  });

  it("reads a large error response and a large request", () => {
    const error = { code: -32000, message: "m".repeat(5000) };
    expect(classifyPreviewObject(preview({ jsonrpc: "2.0", id: "a", error }))).toEqual({ type: "response", id: "a", isError: true });
    expect(classifyPreviewObject(preview({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { arguments: big } }))).toMatchObject({
      type: "request",
      id: 3,
      method: "tools/call",
    });
    expect(classifyPreviewObject(preview({ jsonrpc: "2.0", method: "notifications/message", params: big }))).toMatchObject({
      type: "notification",
    });
  });
});
