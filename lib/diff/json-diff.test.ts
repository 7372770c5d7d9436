import { describe, expect, it } from "vitest";
import { formatPath, jsonDiff, jsonEqual, lineDiff } from "./json-diff";

describe("jsonDiff", () => {
  it("reports nothing for equal values", () => {
    const value = { a: [1, { b: "x" }], c: null };
    const diff = jsonDiff(value, structuredClone(value));
    expect(diff).toEqual({ changes: [], omitted: 0, incomplete: false, equal: true });
  });

  it("finds a nested change, an added and a removed key, with their paths", () => {
    const diff = jsonDiff({ user: { name: "Ada", age: 36 }, gone: true }, { user: { name: "Ada", age: 37 }, fresh: 1 });
    expect(diff.equal).toBe(false);
    expect(diff.changes).toEqual([
      { path: ["user", "age"], kind: "changed", before: 36, after: 37 },
      { path: ["gone"], kind: "removed", before: true },
      { path: ["fresh"], kind: "added", after: 1 },
    ]);
  });

  it("aligns arrays by index by default: a shifted list reads as changes plus one addition", () => {
    const diff = jsonDiff([{ id: "a" }, { id: "b" }], [{ id: "z" }, { id: "a" }, { id: "b" }]);
    expect(diff.changes.map((c) => [formatPath(c.path), c.kind])).toEqual([
      ["$[0].id", "changed"],
      ["$[1].id", "changed"],
      ["$[2]", "added"],
    ]);
  });

  it("aligns arrays by a key function when asked", () => {
    const before = [
      { id: "a", v: 1 },
      { id: "b", v: 2 },
    ];
    const after = [
      { id: "z", v: 0 },
      { id: "a", v: 1 },
      { id: "b", v: 3 },
    ];
    const arrayKey = (item: unknown) => (item as { id?: string }).id;
    const diff = jsonDiff(before, after, { arrayKey });
    expect(diff.changes).toEqual([
      { path: [2, "v"], kind: "changed", before: 2, after: 3 },
      { path: [0], kind: "added", after: { id: "z", v: 0 } },
    ]);
  });

  it("falls back to index alignment when keys repeat", () => {
    const diff = jsonDiff([{ id: 1 }, { id: 1 }], [{ id: 1 }], { arrayKey: (item) => (item as { id: number }).id });
    expect(diff.changes).toEqual([{ path: [1], kind: "removed", before: { id: 1 } }]);
  });

  it("lists equal children as one `same` entry each when includeSame is set", () => {
    const diff = jsonDiff({ a: { deep: [1, 2] }, b: 1 }, { a: { deep: [1, 2] }, b: 2 }, { includeSame: true });
    expect(diff.changes.map((c) => [formatPath(c.path), c.kind])).toEqual([
      ["$.a", "same"],
      ["$.b", "changed"],
    ]);
    expect(diff.equal).toBe(false);
  });

  it("compares long strings whole and attaches a line diff", () => {
    const diff = jsonDiff({ text: "one\ntwo\nthree" }, { text: "one\n2\nthree\nfour" });
    expect(diff.changes).toHaveLength(1);
    const [change] = diff.changes;
    expect(change?.kind).toBe("changed");
    expect(change?.lines?.ops).toEqual([
      { kind: "same", text: "one" },
      { kind: "removed", text: "two" },
      { kind: "added", text: "2" },
      { kind: "same", text: "three" },
      { kind: "added", text: "four" },
    ]);
  });

  it("treats a type change as one change", () => {
    expect(jsonDiff({ a: [1] }, { a: { 0: 1 } }).changes).toEqual([{ path: ["a"], kind: "changed", before: [1], after: { 0: 1 } }]);
  });

  it("lists only maxChanges changes and counts the rest", () => {
    const before = Array.from({ length: 5000 }, (_, i) => i);
    const after = before.map((n) => n + 1);
    const diff = jsonDiff(before, after, { maxChanges: 100 });
    expect(diff.changes).toHaveLength(100);
    expect(diff.omitted).toBe(4900);
    expect(diff.incomplete).toBe(false);
  });

  it("stops on a huge value and says the walk is incomplete", () => {
    const big = (seed: number) => Array.from({ length: 300_000 }, (_, i) => ({ i, seed }));
    const started = performance.now();
    const diff = jsonDiff(big(1), big(2), { maxNodes: 50_000, maxChanges: 10 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diff.incomplete).toBe(true);
    expect(diff.equal).toBe(false);
    expect(diff.changes).toHaveLength(10);
    expect(diff.omitted).toBeGreaterThan(0);
    expect(diff.omitted).toBeLessThan(300_000);
  });

  it("compares below the depth cap as a whole", () => {
    const nest = (leaf: number) => ({ a: { b: { c: { d: leaf } } } });
    const diff = jsonDiff(nest(1), nest(2), { maxDepth: 2 });
    expect(diff.changes).toEqual([{ path: ["a", "b"], kind: "changed", before: { c: { d: 1 } }, after: { c: { d: 2 } } }]);
  });
});

describe("lineDiff", () => {
  it("keeps a small edit in a long text cheap and exact", () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    const edited = [...lines];
    edited[10_000] = "edited";
    const diff = lineDiff(lines.join("\n"), edited.join("\n"));
    expect(diff.coarse).toBe(false);
    expect(diff.ops.filter((op) => op.kind !== "same")).toEqual([
      { kind: "removed", text: "line 10000" },
      { kind: "added", text: "edited" },
    ]);
  });

  it("reports a too-large differing middle coarsely instead of building a huge table", () => {
    const a = Array.from({ length: 1000 }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: 1000 }, (_, i) => `b${i}`).join("\n");
    const diff = lineDiff(a, b);
    expect(diff.coarse).toBe(true);
    expect(diff.ops.filter((op) => op.kind === "removed")).toHaveLength(1000);
    expect(diff.ops.filter((op) => op.kind === "added")).toHaveLength(1000);
  });
});

describe("helpers", () => {
  it("formats paths for reading", () => {
    expect(formatPath(["content", 0, "text"])).toBe("$.content[0].text");
    expect(formatPath(["odd key"])).toBe('$["odd key"]');
  });

  it("jsonEqual ignores key order", () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
