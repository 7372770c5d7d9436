import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { A2A_ENTRY_KIND_NAMES } from "@/lib/contracts/a2a";
import { AGUI_ENTRY_KIND_NAMES } from "@/lib/contracts/agui";
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import {
  ENTRY_KIND_PROTOCOL,
  ENTRY_KINDS,
  ENTRY_KINDS_BY_PROTOCOL,
  entryPayload,
  isEntryKind,
  parseEntry,
} from "@/lib/contracts/entry-kinds";
import { entryOf } from "@/tests/support/entries";

const doc = readFileSync(path.resolve(import.meta.dirname, "../../../docs/ARCHITECTURE.md"), "utf8");

let seq = 0;
const entry = (protocol: EntryProtocol, kind: string, raw: unknown, over: Partial<Entry> = {}): Entry =>
  entryOf(protocol, kind, raw, { seq: ++seq, receivedAt: seq, ...over });

/** The "- `protocol`: `kind`, …" list under **Entry kinds** in docs/ARCHITECTURE.md. */
function documentedList(): Map<string, string[]> {
  const start = doc.indexOf("**Entry kinds**");
  expect(start).toBeGreaterThan(-1);
  const out = new Map<string, string[]>();
  for (const line of doc.slice(start).split("\n")) {
    const m = /^- `([a-z0-9]+)`: (.*)$/.exec(line);
    if (m)
      out.set(
        m[1]!,
        [...m[2]!.matchAll(/`([a-z0-9_]+)`/g)].map((x) => x[1]!),
      );
    else if (out.size > 0) break;
  }
  return out;
}

/** First-column kinds of every `| kind | raw | recorded by |` table in the doc. */
function tableKinds(): string[] {
  const kinds: string[] = [];
  let inTable = false;
  for (const line of doc.split("\n")) {
    if (/^\| kind \| raw \|/.test(line)) inTable = true;
    else if (!line.startsWith("|")) inTable = false;
    else if (inTable && !line.startsWith("|---")) {
      const kind = /^\| `([a-z0-9_]+)`/.exec(line)?.[1];
      if (kind) kinds.push(kind);
    }
  }
  return kinds;
}

describe("the entry kind map", () => {
  it("gives every kind a zod schema and a protocol, with names unique across protocols", () => {
    const all = Object.entries(ENTRY_KINDS_BY_PROTOCOL).flatMap(([, kinds]) => Object.keys(kinds));
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(ENTRY_KINDS).sort()).toEqual([...all].sort());
    for (const [protocol, kinds] of Object.entries(ENTRY_KINDS_BY_PROTOCOL)) {
      for (const [kind, schema] of Object.entries(kinds)) {
        expect(schema, kind).toBeInstanceOf(z.ZodType);
        expect(ENTRY_KIND_PROTOCOL[kind as keyof typeof ENTRY_KINDS], kind).toBe(protocol);
      }
    }
  });

  it("is what docs/ARCHITECTURE.md lists, protocol by protocol, and has every kind of its tables", () => {
    const listed = documentedList();
    expect([...listed.keys()].sort()).toEqual(Object.keys(ENTRY_KINDS_BY_PROTOCOL).sort());
    for (const [protocol, kinds] of Object.entries(ENTRY_KINDS_BY_PROTOCOL)) {
      expect(listed.get(protocol)?.sort(), protocol).toEqual(Object.keys(kinds).sort());
    }
    const inTables = tableKinds();
    expect(inTables.length).toBeGreaterThan(5);
    for (const kind of inTables) expect(isEntryKind(kind), kind).toBe(true);
  });

  it("holds the A2A and AG-UI kind names their contracts name", () => {
    expect(Object.keys(ENTRY_KINDS_BY_PROTOCOL.a2a).sort()).toEqual([...A2A_ENTRY_KIND_NAMES].sort());
    expect(Object.keys(ENTRY_KINDS_BY_PROTOCOL.agui).sort()).toEqual([...AGUI_ENTRY_KIND_NAMES].sort());
  });
});

describe("parseEntry", () => {
  it("reads a payload of its kind's shape, keeping the raw as recorded (fields the schema does not name too)", () => {
    const state = { status: "connected", stderrTail: [], toolsVersion: 3, fromANewerServer: true };
    const read = parseEntry(entry("loupe", "status", state));
    expect(read).toMatchObject({ ok: true, kind: "status" });
    if (read.ok && read.kind === "status") expect(read.raw).toBe(state);
  });

  it("reports a payload of the wrong shape, with the entry, instead of throwing", () => {
    const bad = entry("loupe", "call", { id: "c", tool: 7 });
    const read = parseEntry(bad);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.entry).toBe(bad);
      expect(read.error).toContain('"call"');
    }
    expect(parseEntry(entry("loupe", "status", { status: "weird" })).ok).toBe(false);
    expect(parseEntry(entry("playground", "pg_user", "hello")).ok).toBe(false);
    expect(entryPayload(entry("loupe", "run", { id: "r" }), "run")).toBeNull();
  });

  it("reports an unknown kind, and a known kind under another protocol, instead of throwing", () => {
    const unknown = parseEntry(entry("loupe", "from_the_future", { any: 1 }));
    expect(unknown).toMatchObject({ ok: false, kind: "from_the_future", error: 'Unknown entry kind "from_the_future"' });
    const misplaced = parseEntry(entry("mcp", "status", { status: "connected" }));
    expect(misplaced).toMatchObject({ ok: false, error: expect.stringContaining('belongs to protocol "loupe"') });
    expect(entryPayload(entry("loupe", "status", { status: "connected" }), "call")).toBeNull();
  });

  it("takes peers' frames as they arrived, whatever their shape", () => {
    for (const raw of [null, "not json-rpc", 42, { jsonrpc: "1.0" }, []]) {
      expect(parseEntry(entry("mcp", "message", raw)).ok).toBe(true);
      expect(parseEntry(entry("adk", "event", raw)).ok).toBe(true);
    }
    expect(parseEntry(entry("agui", "agui_event", { runId: "r1", event: { type: "NOT_A_TYPE" } })).ok).toBe(true);
  });

  it("reads a preview of a large entry (top-level fields over 1 KB dropped) as its kind", () => {
    // What lib/server/preview.ts makes of a call with a large result and arguments.
    const preview = { _preview: '{"id":"k1",…', id: "k1", connectionId: "c1", tool: "big", status: "ok", startedAt: 5 };
    expect(parseEntry(entry("loupe", "call", preview, { truncated: true })).ok).toBe(true);
    const stderr = { _preview: '{"line":"xxxx…' };
    expect(parseEntry(entry("mcp", "stderr", stderr, { truncated: true })).ok).toBe(true);
  });
});
