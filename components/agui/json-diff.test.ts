import { describe, expect, it } from "vitest";
import { diffJson } from "./json-diff";

describe("diffJson (a STATE_SNAPSHOT / STATE_DELTA shown as a diff)", () => {
  it("lists changed, added and removed leaves by JSON Pointer, at any depth", () => {
    const before = { trip: { city: "Lisbon", nights: 0 }, checks: [], "a/b": 1, gone: true };
    const after = { trip: { city: "Lisbon", nights: 3, weather: "sunny" }, checks: ["weather"], "a/b": 2 };
    expect(diffJson(before, after).changes).toEqual([
      { path: "/trip/nights", kind: "changed", before: 0, after: 3 },
      { path: "/trip/weather", kind: "added", after: "sunny" },
      { path: "/checks/0", kind: "added", after: "weather" },
      { path: "/a~1b", kind: "changed", before: 1, after: 2 },
      { path: "/gone", kind: "removed", before: true },
    ]);
  });

  it("reports a whole-value replacement at the root and nothing for equal values", () => {
    expect(diffJson({ a: 1 }, { a: 1 }).changes).toEqual([]);
    expect(diffJson(undefined, { a: 1 }).changes).toEqual([{ path: "/", kind: "added", after: { a: 1 } }]);
    expect(diffJson([1], "x").changes).toEqual([{ path: "/", kind: "changed", before: [1], after: "x" }]);
  });

  it("stops at the limit and says so", () => {
    const after = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const diff = diffJson({}, after, 50);
    expect(diff.changes).toHaveLength(50);
    expect(diff.truncated).toBe(true);
  });
});
