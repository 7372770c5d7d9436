import { describe, expect, it } from "vitest";
import { diffSurfaces, diffText } from "./diff";
import { makeSnapshot } from "./snapshot";
import type { SurfaceList } from "./snapshot";

type Lists = Partial<Record<SurfaceList, unknown[]>>;
const snap = (lists: Lists, extra: { capabilities?: Record<string, unknown>; protocolVersion?: string } = {}) =>
  makeSnapshot({
    server: { name: "s", version: "1" },
    protocolVersion: extra.protocolVersion ?? "2025-11-25",
    capabilities: extra.capabilities ?? { tools: {}, prompts: {}, resources: {} },
    lists: { tools: [], prompts: [], resources: [], resourceTemplates: [], ...lists },
  });
const tool = (name: string, inputSchema: unknown = { type: "object", properties: {} }, more: Record<string, unknown> = {}) => ({
  name,
  inputSchema,
  ...more,
});
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });
/** The changes of one kind, as `path: message`. */
function changes(a: Lists, b: Lists) {
  return diffSurfaces(snap(a), snap(b)).changes.map((c) => ({ kind: c.kind, path: c.path, message: c.message }));
}
const kinds = (a: Lists, b: Lists) => changes(a, b).map((c) => `${c.kind} ${c.path}`);

describe("diffSurfaces", () => {
  it("does not compare a list one side could not read whole: it says so instead of every item removed", () => {
    const before = snap({ tools: [tool("a"), tool("b")], prompts: [{ name: "p" }] });
    const failed = makeSnapshot({
      server: { name: "s", version: "1" },
      protocolVersion: "2025-11-25",
      capabilities: { tools: {}, prompts: {}, resources: {} },
      lists: { tools: [], prompts: [], resources: [], resourceTemplates: [] },
      notes: ["tools/list failed: Connection closed"],
    });
    const diff = diffSurfaces(before, failed);
    // Before: two breaking "tool was removed" (diff exited 1 on a server that answered tools/list with an error once).
    expect(diff.changes.map((c) => `${c.kind} ${c.path}: ${c.message}`)).toEqual([
      'breaking $.prompts["p"]: Prompt `p` was removed.',
      "change $.tools: The second snapshot did not read tools whole (tools/list failed: Connection closed): not compared.",
    ]);
    // Both sides cut: both are named.
    const cutToo = { ...failed, notes: ["tools: more than 10000 items; the first 10000 are kept"] };
    expect(diffSurfaces(cutToo, failed).changes.map((c) => c.message)).toEqual([
      "The first snapshot did not read tools whole (tools: more than 10000 items; the first 10000 are kept) and the second snapshot did not read tools whole (tools/list failed: Connection closed): not compared.",
    ]);
  });

  it("finds nothing between a snapshot and itself, whatever the order the server listed in", () => {
    const a = snap({ tools: [tool("b"), tool("a", obj({ x: { type: "string" }, y: { type: "number" } }, ["y", "x"]))] });
    const b = snap({ tools: [tool("a", obj({ y: { type: "number" }, x: { type: "string" } }, ["x", "y"])), tool("b")] });
    expect(diffSurfaces(a, b)).toEqual({ changes: [], counts: { breaking: 0, addition: 0, change: 0, cosmetic: 0 }, breaking: false });
    expect(diffText(diffSurfaces(a, b))).toBe("No changes.\n");
  });

  it("a removed tool, prompt or template is breaking; a removed resource (data) a change; a new one an addition", () => {
    const before = {
      tools: [tool("gone")],
      prompts: [{ name: "p" }],
      resources: [{ uri: "file:///a", name: "a" }],
      resourceTemplates: [{ uriTemplate: "x://{id}", name: "t" }],
    };
    const after = { tools: [tool("new")] };
    expect(kinds(before, after)).toEqual([
      'breaking $.prompts["p"]',
      'breaking $.resourceTemplates["x://{id}"]',
      'breaking $.tools["gone"]',
      'addition $.tools["new"]',
      'change $.resources["file:///a"]',
    ]);
    expect(changes(before, after)[2]?.message).toBe("Tool `gone` was removed.");
    expect(changes(before, after)[4]?.message).toBe("Resource `file:///a` was removed (resources are data: the list changes with it).");
  });

  it("a new required argument is breaking, a new optional one an addition", () => {
    const a = { tools: [tool("add", obj({ a: { type: "number" } }, ["a"]))] };
    const b = { tools: [tool("add", obj({ a: { type: "number" }, b: { type: "number" }, c: { type: "string" } }, ["a", "b"]))] };
    expect(changes(a, b)).toEqual([
      {
        kind: "breaking",
        path: '$.tools["add"].inputSchema.properties.b',
        message: "Tool `add`: new required argument `b`: calls without it fail.",
      },
      { kind: "addition", path: '$.tools["add"].inputSchema.properties.c', message: "Tool `add`: new optional argument `c`." },
    ]);
  });

  it("an argument made required is breaking, made optional is not", () => {
    const opt = { tools: [tool("t", obj({ a: { type: "string" } }))] };
    const req = { tools: [tool("t", obj({ a: { type: "string" } }, ["a"]))] };
    expect(kinds(opt, req)).toEqual(['breaking $.tools["t"].inputSchema.required']);
    expect(kinds(req, opt)).toEqual(['change $.tools["t"].inputSchema.required']);
  });

  it("a removed argument is breaking", () => {
    const a = { tools: [tool("t", obj({ a: { type: "string" }, b: { type: "string" } }))] };
    const b = { tools: [tool("t", obj({ a: { type: "string" } }))] };
    expect(changes(a, b)).toEqual([
      {
        kind: "breaking",
        path: '$.tools["t"].inputSchema.properties.b',
        message: "Tool `t`: argument `b` was removed: calls that send it may be refused.",
      },
    ]);
  });

  it("a narrowed argument type is breaking, a widened one is not (integer is a number)", () => {
    const t = (type: unknown) => ({ tools: [tool("t", obj({ n: { type } }))] });
    expect(kinds(t("number"), t("integer"))).toEqual(['breaking $.tools["t"].inputSchema.properties.n.type']);
    expect(kinds(t(["string", "number"]), t("string"))).toEqual(['breaking $.tools["t"].inputSchema.properties.n.type']);
    expect(kinds(t("string"), t("number"))).toEqual(['breaking $.tools["t"].inputSchema.properties.n.type']);
    expect(kinds(t("integer"), t("number"))).toEqual(['change $.tools["t"].inputSchema.properties.n.type']);
    expect(kinds(t("string"), t(["string", "null"]))).toEqual(['change $.tools["t"].inputSchema.properties.n.type']);
    expect(changes(t("number"), t("integer"))[0]?.message).toBe(
      "Tool `t`: argument `n` now takes integer (was number): calls that sent number fail.",
    );
  });

  it("a narrowed enum is breaking, a widened one is not", () => {
    const t = (e?: string[]) => ({ tools: [tool("t", obj({ mode: { type: "string", ...(e ? { enum: e } : {}) } }))] });
    expect(changes(t(["a", "b"]), t(["a"]))).toEqual([
      {
        kind: "breaking",
        path: '$.tools["t"].inputSchema.properties.mode.enum',
        message: 'Tool `t`: argument `mode` no longer takes "b".',
      },
    ]);
    expect(kinds(t(), t(["a"]))).toEqual(['breaking $.tools["t"].inputSchema.properties.mode.enum']);
    expect(kinds(t(["a"]), t(["a", "b"]))).toEqual(['change $.tools["t"].inputSchema.properties.mode.enum']);
    expect(kinds(t(["a"]), t())).toEqual(['change $.tools["t"].inputSchema.properties.mode.enum']);
  });

  it("tighter bounds, a new pattern and closed additional properties are breaking for arguments", () => {
    const t = (s: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      tools: [tool("t", { ...obj({ s: { type: "string", ...s } }), ...extra })],
    });
    expect(kinds(t({ maxLength: 10 }), t({ maxLength: 5 }))).toEqual(['breaking $.tools["t"].inputSchema.properties.s.maxLength']);
    expect(kinds(t({ minimum: 0 }), t({}))).toEqual(['change $.tools["t"].inputSchema.properties.s.minimum']);
    expect(kinds(t({}), t({ pattern: "^a" }))).toEqual(['breaking $.tools["t"].inputSchema.properties.s.pattern']);
    expect(kinds(t({}), t({}, { additionalProperties: false }))).toEqual(['breaking $.tools["t"].inputSchema.additionalProperties']);
  });

  it("reads nested objects and array items", () => {
    const t = (inner: unknown) => ({ tools: [tool("t", obj({ opts: obj({ list: { type: "array", items: inner } }) }))] });
    expect(kinds(t({ type: "string" }), t({ type: "string", enum: ["x"] }))).toEqual([
      'breaking $.tools["t"].inputSchema.properties.opts.properties.list.items.enum',
    ]);
    expect(changes(t(obj({ a: { type: "string" } })), t(obj({ a: { type: "string" } }, ["a"])))[0]?.message).toBe(
      "Tool `t`: argument `opts.list[].a` is now required.",
    );
  });

  it("descriptions and titles are cosmetic", () => {
    const a = { tools: [tool("t", obj({ a: { type: "string", description: "old" } }), { description: "x", title: "T" })] };
    const b = { tools: [tool("t", obj({ a: { type: "string", description: "new" } }), { description: "y", title: "U" })] };
    expect(kinds(a, b)).toEqual([
      'cosmetic $.tools["t"].description',
      'cosmetic $.tools["t"].inputSchema.properties.a.description',
      'cosmetic $.tools["t"].title',
    ]);
    expect(diffSurfaces(snap(a), snap(b)).breaking).toBe(false);
  });

  describe("outputSchema", () => {
    const out = (schema?: unknown) => ({ tools: [tool("t", undefined, schema === undefined ? {} : { outputSchema: schema })] });
    it("a removed required output field is breaking; a new field an addition", () => {
      const a = out(obj({ sum: { type: "number" }, note: { type: "string" } }, ["sum"]));
      const b = out(obj({ note: { type: "string" }, extra: { type: "string" } }));
      expect(changes(a, b)).toEqual([
        {
          kind: "breaking",
          path: '$.tools["t"].outputSchema.properties.sum',
          message: "Tool `t`: output field `sum` was removed (it was required).",
        },
        { kind: "addition", path: '$.tools["t"].outputSchema.properties.extra', message: "Tool `t`: new optional output field `extra`." },
      ]);
    });
    it("an output field no longer required, or of a wider type or enum, is breaking; a narrower one is not", () => {
      const t = (s: Record<string, unknown>, req: string[] = ["v"]) => out(obj({ v: s }, req));
      expect(kinds(t({ type: "number" }), t({ type: "number" }, []))).toEqual(['breaking $.tools["t"].outputSchema.required']);
      expect(kinds(t({ type: "number" }), t({ type: ["number", "string"] }))).toEqual([
        'breaking $.tools["t"].outputSchema.properties.v.type',
      ]);
      expect(kinds(t({ type: "number" }), t({ type: "integer" }))).toEqual(['change $.tools["t"].outputSchema.properties.v.type']);
      expect(kinds(t({ enum: ["a"] }), t({ enum: ["a", "b"] }))).toEqual(['breaking $.tools["t"].outputSchema.properties.v.enum']);
      expect(kinds(t({ enum: ["a", "b"] }), t({ enum: ["a"] }))).toEqual(['change $.tools["t"].outputSchema.properties.v.enum']);
    });
    it("an output schema removed is breaking, one added an addition", () => {
      expect(kinds(out(obj({})), out())).toEqual(['breaking $.tools["t"].outputSchema']);
      expect(kinds(out(), out(obj({})))).toEqual(['addition $.tools["t"].outputSchema']);
    });
  });

  describe("annotations", () => {
    const ann = (a?: Record<string, unknown>) => ({ tools: [tool("t", undefined, a ? { annotations: a } : {})] });
    it("readOnlyHint true → false is breaking, false → true is not", () => {
      expect(changes(ann({ readOnlyHint: true }), ann({ readOnlyHint: false }))).toEqual([
        {
          kind: "breaking",
          path: '$.tools["t"].annotations.readOnlyHint',
          message: "Tool `t` is no longer read-only (readOnlyHint true → false).",
        },
      ]);
      expect(kinds(ann({ readOnlyHint: false }), ann({ readOnlyHint: true }))).toEqual(['change $.tools["t"].annotations.readOnlyHint']);
    });
    it("reads the spec's defaults: a hint dropped to its default counts as that value", () => {
      expect(kinds(ann({ destructiveHint: false }), ann())).toEqual(['breaking $.tools["t"].annotations.destructiveHint']);
      expect(kinds(ann({ destructiveHint: false }), ann({}))).toEqual(['breaking $.tools["t"].annotations.destructiveHint']);
      expect(kinds(ann({ openWorldHint: true }), ann({}))).toEqual(['cosmetic $.tools["t"].annotations.openWorldHint']);
      expect(kinds(ann({ idempotentHint: true }), ann({ idempotentHint: false }))).toEqual([
        'breaking $.tools["t"].annotations.idempotentHint',
      ]);
      expect(kinds(ann({ title: "A" }), ann({ title: "B" }))).toEqual(['cosmetic $.tools["t"].annotations.title']);
    });
  });

  it("prompts: a new required argument or one made required is breaking", () => {
    const p = (args: unknown[]) => ({ prompts: [{ name: "p", arguments: args }] });
    expect(kinds(p([{ name: "a" }]), p([{ name: "a", required: true }, { name: "b", required: true }, { name: "c" }]))).toEqual([
      'breaking $.prompts["p"].arguments["a"].required',
      'breaking $.prompts["p"].arguments["b"]',
      'addition $.prompts["p"].arguments["c"]',
    ]);
    expect(kinds(p([{ name: "a", description: "x" }]), p([]))).toEqual(['breaking $.prompts["p"].arguments["a"]']);
  });

  it("resources: a MIME type change is a change, a name change cosmetic; _meta changes are changes", () => {
    const r = (mimeType: string, name: string) => ({
      resources: [{ uri: "a://x", name, mimeType }],
      tools: [tool("t", undefined, { _meta: { v: name } })],
    });
    expect(kinds(r("text/plain", "a"), r("application/json", "b"))).toEqual([
      'change $.resources["a://x"].mimeType',
      'change $.tools["t"]._meta',
      'cosmetic $.resources["a://x"].name',
    ]);
  });

  it("the server: a dropped capability is breaking; the protocol revision and version are reported", () => {
    const a = snap({}, { capabilities: { tools: {}, prompts: {} } });
    const b = snap({}, { capabilities: { tools: { listChanged: true } }, protocolVersion: "2026-07-28" });
    expect(diffSurfaces(a, b).changes.map((c) => `${c.kind} ${c.path}`)).toEqual([
      "breaking $.capabilities.prompts",
      "change $.capabilities.tools",
      "change $.protocolVersion",
    ]);
  });

  it("prints breaking changes first, with their paths", () => {
    const text = diffText(diffSurfaces(snap({ tools: [tool("a", undefined, { description: "x" })] }), snap({ tools: [tool("b")] })));
    expect(text).toBe(
      'Breaking (1):\n  Tool `a` was removed.\n      at $.tools["a"]\nAdded (1):\n  Tool `b` was added.\n      at $.tools["b"]\n',
    );
  });
});
