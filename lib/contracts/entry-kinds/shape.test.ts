import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { appErrorBody, describes, spotChecked } from "@/lib/contracts/entry-kinds/shape";
import { entryOf } from "@/tests/support/entries";

const entry = (protocol: EntryProtocol, kind: string, raw: unknown): Entry => entryOf(protocol, kind, raw);

describe("spotChecked", () => {
  const schema = spotChecked<{ id: string; big: string[] }>(z.object({ id: z.string() }));

  it("takes a raw whose checked fields fit, whatever the rest (it is trusted)", () => {
    expect(schema.safeParse({ id: "a" }).success).toBe(true);
    expect(schema.safeParse({ id: "a", big: ["x"], other: 1 }).success).toBe(true);
  });

  it("refuses a raw whose checked fields do not fit, naming the field", () => {
    const read = schema.safeParse({ id: 7 });
    expect(read.success).toBe(false);
    expect(read.error?.issues[0]?.path).toEqual(["id"]);
  });
});

describe("describes", () => {
  it("hands back the schema itself", () => {
    const schema = z.object({ a: z.string(), b: z.number().optional() });
    expect(describes<{ a: string; b?: number }>()(schema)).toBe(schema);
  });

  it("does not compile for a schema that leaves out a field, optional ones too (checked by tsc)", () => {
    const partial = z.object({ a: z.string() });
    // @ts-expect-error -- `b` is missing from the schema
    expect(describes<{ a: string; b?: number }>()(partial)).toBe(partial);
    const loose = z.object({ a: z.string().optional(), b: z.number().optional() });
    // @ts-expect-error -- `a` is optional in the schema, required in the type
    expect(describes<{ a: string; b?: number }>()(loose)).toBe(loose);
  });

  it("reads an AppErrorBody by its code's kind", () => {
    expect(appErrorBody.safeParse({ code: "upstream:jsonrpc", message: "no", details: { code: -32601 } }).success).toBe(true);
    expect(appErrorBody.safeParse({ code: "nonsense", message: "no" }).success).toBe(false);
  });
});

describe("kinds read through a whole schema", () => {
  const task = {
    taskId: "t1",
    connectionId: "c1",
    sessionKey: null,
    origin: "loupe",
    tool: "slow",
    status: "completed",
    createdAt: 1,
    lastUpdatedAt: 2,
    ttl: null,
    checkedAt: 3,
  };

  it("read a preview that dropped a large optional field as their kind", () => {
    // What lib/server/preview.ts makes of a task whose result was over 1 KB.
    expect(parseEntry(entry("loupe", "task", { _preview: '{"taskId":"t1",…', ...task })).ok).toBe(true);
    const request = { id: "q", agentId: "a", agentName: "A", taskId: "t", contextId: "x", kind: "input", createdAt: 1, status: "pending" };
    expect(parseEntry(entry("a2a", "a2a_request_state", { _preview: "{…", ...request })).ok).toBe(true);
  });

  it("refuse a record that lacks a required field or has a field of another type", () => {
    expect(parseEntry(entry("loupe", "task", { ...task, checkedAt: undefined })).ok).toBe(false);
    expect(parseEntry(entry("loupe", "task", { ...task, origin: "elsewhere" })).ok).toBe(false);
    const run = { id: "r", agentId: "a", sessionKey: "k", status: "completed", startedAt: 1, endedAt: 2, eventCount: 3 };
    expect(parseEntry(entry("loupe", "run", run)).ok).toBe(true);
    expect(parseEntry(entry("loupe", "run", { ...run, error: { code: "weird", message: "m" } })).ok).toBe(false);
  });
});
