import { describe, expect, it } from "vitest";
import { previewJson } from "./truncate";

describe("previewJson", () => {
  it("returns small values whole and pretty", () => {
    expect(previewJson({ a: 1 }, 100)).toEqual({ text: '{\n  "a": 1\n}', bytes: 12, truncated: false });
  });

  it("cuts at a multi-byte character boundary", () => {
    // '"' + "é€😀" + '"': é = 2 bytes, € = 3, 😀 = 4 → 11 bytes in all.
    const value = "é€😀";
    expect(previewJson(value, 11)).toEqual({ text: '"é€😀"', bytes: 11, truncated: false });
    expect(previewJson(value, 10)).toEqual({ text: '"é€😀', bytes: 11, truncated: true });
    // 9 bytes would split the emoji (bytes 6–9): the cut backs off to its start.
    expect(previewJson(value, 9)).toEqual({ text: '"é€', bytes: 11, truncated: true });
    expect(previewJson(value, 5)).toEqual({ text: '"é', bytes: 11, truncated: true });
    expect(previewJson(value, 2)).toEqual({ text: '"', bytes: 11, truncated: true });
    expect(previewJson(value, 0)).toEqual({ text: "", bytes: 11, truncated: true });
  });

  it("never throws on values JSON cannot hold", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(previewJson(circular, 100)).toEqual({ text: "[object Object]", bytes: 15, truncated: false });
    expect(previewJson(undefined, 100).text).toBe("undefined");
  });
});
