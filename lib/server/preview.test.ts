import { describe, expect, it } from "vitest";
import { previewRaw } from "@/lib/server/preview";

describe("previewRaw", () => {
  const big = {
    jsonrpc: "2.0",
    id: 7,
    result: { content: [{ type: "text", text: "x".repeat(300_000) }] },
    note: "y".repeat(1000),
    tag: ["a", { b: 1 }],
  };

  it("keeps the small top-level fields and the head of the JSON, drops the large ones", () => {
    const preview = previewRaw(big);
    expect(preview).toMatchObject({ jsonrpc: "2.0", id: 7, note: "y".repeat(1000), tag: ["a", { b: 1 }] });
    expect(preview).not.toHaveProperty("result");
    expect(preview._preview).toBe(JSON.stringify(big).slice(0, 2048));
  });

  it("is the same when given the JSON text the store already wrote", () => {
    expect(previewRaw(big, JSON.stringify(big))).toEqual(previewRaw(big));
  });

  it("measures a field by its JSON, escapes included, at the 1 KB edge", () => {
    const edge = { fits: "z".repeat(1022), over: "z".repeat(1023), escaped: "\n".repeat(600) };
    const preview = previewRaw(edge);
    expect(preview).toHaveProperty("fits");
    expect(preview).not.toHaveProperty("over");
    expect(preview).not.toHaveProperty("escaped");
  });
});
