import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState } from "@/lib/contracts/connections";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import type { EntryKind, EntryPayload } from "@/lib/contracts/entry-kinds";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import type { EntryHandler } from "@/lib/queries/stream-handlers";
import { ENTRY_HANDLERS } from "@/lib/queries/stream-handlers";

let dir: string;
let hub: Hub;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-typed-"));
  hub = new Hub(openStore(dir));
});

afterEach(() => {
  hub.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const meta = { connectionId: "c1", sessionKey: null, receivedAt: 1, sourceTime: null, direction: "local" } as const;

/**
 * Compile-time checks: `tsc --noEmit` (npm run typecheck, first step of npm test) fails if any
 * line marked @ts-expect-error compiles, i.e. if the contract stopped catching that mistake.
 * Never called: the entries would be recorded for real.
 */
export function wrongRecordsDoNotCompile(state: ConnectionState, call: CallRecord): void {
  // @ts-expect-error a ConnectionState is not the payload of a "call" entry
  hub.record({ ...meta, protocol: "loupe", kind: "call", raw: state });
  // @ts-expect-error "status" is a loupe kind, not an mcp one
  hub.record({ ...meta, protocol: "mcp", kind: "status", raw: state });
  // @ts-expect-error no such kind in the contract
  hub.record({ ...meta, protocol: "loupe", kind: "statsu", raw: state });
  // @ts-expect-error a stderr line is { line }, not a bare string
  hub.record({ ...meta, protocol: "mcp", kind: "stderr", raw: "boot" });
  // @ts-expect-error a field the kind does not have (an object literal is held to the shape)
  hub.record({ ...meta, protocol: "loupe", kind: "reconnected", raw: { attempts: 1, afterMs: 5, extra: true } });
  // The right ones compile.
  hub.record({ ...meta, protocol: "loupe", kind: "call", raw: call });
  hub.record({ ...meta, protocol: "mcp", kind: "message", raw: "any frame, as it arrived" });
}

/** The reducer's table must name every kind: one without a row does not compile. */
export function aTableWithoutAKindDoesNotCompile(): void {
  const { status: _left, ...rest } = ENTRY_HANDLERS;
  // @ts-expect-error "status" has no row
  const table: { [K in EntryKind]: EntryHandler<K> | null } = rest;
  void table;
  const payload: EntryPayload<"connection_removed"> = { id: "c1" };
  // @ts-expect-error a handler of "call" gets a CallRecord, not a ConnectionState
  const wrong: EntryHandler<"call"> = (_qc, raw: ConnectionState | null) => void raw;
  void payload;
  void wrong;
}

describe("Hub.record typed by the entry contract", () => {
  it("stores the payload as given and it reads back as its kind", () => {
    const state: ConnectionState = { status: "connected", stderrTail: ["boot"], toolsVersion: 2 };
    const saved = hub.record({ ...meta, protocol: "loupe", kind: "status", raw: state });
    const stored = hub.get(saved.seq)!;
    expect(stored.raw).toEqual(state);
    const read = parseEntry(stored);
    expect(read).toMatchObject({ ok: true, kind: "status", raw: state });
  });

  it("stores a peer's frame of any shape unchecked (the hot path records first, judges later)", () => {
    const saved = hub.record({ ...meta, direction: "in", protocol: "mcp", kind: "message", raw: { jsonrpc: "1.0", junk: [1, 2] } });
    expect(hub.get(saved.seq)!.raw).toEqual({ jsonrpc: "1.0", junk: [1, 2] });
  });
});
