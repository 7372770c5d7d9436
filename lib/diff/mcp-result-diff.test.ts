import { describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import { formatPath } from "./json-diff";
import { diffCalls, quickHash } from "./mcp-result-diff";

function call(args: Record<string, unknown>, result: unknown, ms = 10, extra: Partial<CallRecord> = {}): CallRecord {
  const isError = (result as { isError?: boolean } | undefined)?.isError === true;
  return {
    id: `c${Math.random()}`,
    connectionId: "conn",
    tool: "t",
    args,
    requestId: 1,
    startedAt: 1000,
    endedAt: 1000 + ms,
    timeoutMs: 60_000,
    status: isError ? "tool_error" : "ok",
    result,
    ...extra,
  };
}

const text = (t: string) => ({ type: "text", text: t });
// 1×1 PNGs of two colours (valid base64, different bytes).
const RED = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const BLUE = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==";

describe("diffCalls", () => {
  it("says two identical calls are equal, with the latency ratio", () => {
    const a = call({ q: 1 }, { content: [text("hi")] }, 10);
    const d = diffCalls(a, { ...a, endedAt: a.startedAt + 25 });
    expect(d.equal).toBe(true);
    expect(d.blocks).toEqual([expect.objectContaining({ index: 0, kind: "same" })]);
    expect(d.latency).toEqual({ beforeMs: 10, afterMs: 25, ratio: 2.5 });
  });

  it("diffs the arguments and a text block by line", () => {
    const d = diffCalls(call({ q: "a", n: 1 }, { content: [text("one\ntwo")] }), call({ q: "b", n: 1 }, { content: [text("one\nthree")] }));
    expect(d.equal).toBe(false);
    expect(d.arguments.changes).toEqual([{ path: ["q"], kind: "changed", before: "a", after: "b" }]);
    const [block] = d.blocks;
    expect(block?.kind).toBe("changed");
    expect(block?.fields).toEqual([]);
    expect(block?.text?.ops).toEqual([
      { kind: "same", text: "one" },
      { kind: "removed", text: "two" },
      { kind: "added", text: "three" },
    ]);
  });

  it("reports a block added and a block removed", () => {
    const two = { content: [text("a"), text("b")] };
    const one = { content: [text("a")] };
    expect(diffCalls(call({}, one), call({}, two)).blocks.map((b) => [b.index, b.kind, b.after])).toEqual([
      [0, "same", "text"],
      [1, "added", "text"],
    ]);
    expect(diffCalls(call({}, two), call({}, one)).blocks.map((b) => [b.index, b.kind, b.before])).toEqual([
      [0, "same", "text"],
      [1, "removed", "text"],
    ]);
  });

  it("compares images by mime, size and hash, not by showing the bytes", () => {
    const img = (data: string, mimeType = "image/png") => ({ content: [{ type: "image", data, mimeType }] });
    const d = diffCalls(call({}, img(RED)), call({}, img(BLUE)));
    const media = d.blocks[0]?.media;
    expect(d.blocks[0]?.kind).toBe("changed");
    expect(media?.before.byteLength).toBe(media?.after.byteLength);
    expect(media?.before.hash).toBe(quickHash(RED));
    expect(media?.after.hash).not.toBe(media?.before.hash);
    // Same bytes, another mime type: still a change, the hash equal.
    const mime = diffCalls(call({}, img(RED)), call({}, img(RED, "image/x-png"))).blocks[0];
    expect(mime?.media?.before.hash).toBe(mime?.media?.after.hash);
    expect(mime?.media?.after.mimeType).toBe("image/x-png");
    expect(diffCalls(call({}, img(RED)), call({}, img(RED))).equal).toBe(true);
  });

  it("reports a block of another type at the same index as one change showing both kinds", () => {
    const d = diffCalls(call({}, { content: [text("x")] }), call({}, { content: [{ type: "image", data: RED, mimeType: "image/png" }] }));
    expect(d.blocks).toEqual([expect.objectContaining({ index: 0, kind: "changed", before: "text", after: "image" })]);
  });

  it("diffs resources by uri and content, and links by their fields", () => {
    const res = (uri: string, body: string) => ({ content: [{ type: "resource", resource: { uri, mimeType: "text/plain", text: body } }] });
    const d = diffCalls(call({}, res("demo://1", "a")), call({}, res("demo://2", "b")));
    expect(d.blocks[0]?.uri).toEqual({ before: "demo://1", after: "demo://2" });
    expect(d.blocks[0]?.text?.ops.filter((o) => o.kind !== "same")).toHaveLength(2);
    expect(d.blocks[0]?.fields).toEqual([]);
    const link = (name: string) => ({ content: [{ type: "resource_link", uri: "demo://x", name }] });
    const l = diffCalls(call({}, link("old")), call({}, link("new"))).blocks[0];
    expect(l?.uri).toBeUndefined();
    expect(l?.fields).toEqual([{ path: ["name"], kind: "changed", before: "old", after: "new" }]);
  });

  it("finds a nested structuredContent change by path", () => {
    const sc = (temp: number) => ({ content: [text("{}")], structuredContent: { weather: { temp, unit: "C" }, city: "Paris" } });
    const d = diffCalls(call({}, sc(20)), call({}, sc(21)));
    expect(d.structuredContent?.changes.map((c) => [formatPath(c.path), c.before, c.after])).toEqual([["$.weather.temp", 20, 21]]);
    expect(d.structuredPresence).toEqual({ before: true, after: true });
    expect(diffCalls(call({}, { content: [] }), call({}, { content: [] })).structuredContent).toBeNull();
  });

  it("flags an isError flip and the status change", () => {
    const d = diffCalls(call({ a: 1 }, { content: [text("ok")] }), call({ a: -1 }, { content: [text("bad")], isError: true }));
    expect(d.isError).toEqual({ before: false, after: true, flipped: true });
    expect(d.status).toEqual({ before: "ok", after: "tool_error" });
  });

  it("diffs _meta and a failed call's error", () => {
    const d = diffCalls(
      call({}, { content: [], _meta: { trace: "a" } }),
      call({}, undefined, 5, { status: "rpc_error", error: { code: "upstream:rpc_error", message: "boom" } }),
    );
    expect(d.meta.changes).toEqual([{ path: [], kind: "changed", before: { trace: "a" }, after: undefined }]);
    expect(d.error.changes[0]).toMatchObject({ path: [], kind: "changed", before: null });
    expect(d.status.after).toBe("rpc_error");
  });

  it("stays bounded on a huge structuredContent", () => {
    const big = (seed: number) => ({
      content: [],
      structuredContent: { rows: Array.from({ length: 100_000 }, (_, i) => ({ i, v: i * seed })) },
    });
    const started = performance.now();
    const d = diffCalls(call({}, big(1)), call({}, big(2)));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(d.structuredContent?.changes.length).toBe(200);
    // The node budget (200,000) runs out before the last rows: said, not hidden.
    expect(d.structuredContent?.incomplete).toBe(true);
    expect(d.structuredContent?.omitted).toBeGreaterThan(50_000);
    expect(d.equal).toBe(false);
  });
});
