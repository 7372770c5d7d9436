import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sqliteOf } from "@/lib/server/sql/sqlite-engine";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { openStore } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { callStore } from "@/lib/server/mcp/call-store";
import { connectionTable } from "@/lib/server/mcp/connection-store";
import { storesOnPostgres } from "@/tests/support/sqlite-only";

let dir: string;
let store: Store;

const config: ConnectionConfig = {
  id: "c1",
  name: "one",
  transport: "http",
  url: "http://127.0.0.1:1/mcp",
  headers: { Authorization: "Bearer t" },
  requestTimeoutMs: 1000,
  createdAt: 1,
};

function call(id: string, tool: string, startedAt: number, status: CallRecord["status"] = "ok"): CallRecord {
  return { id, connectionId: "c1", tool, args: {}, requestId: 1, startedAt, endedAt: startedAt + 1, timeoutMs: 1000, status };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-store-"));
  store = openStore(dir);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Store", () => {
  it("compiles each statement once and reuses it for every later write and read", () => {
    const entry = {
      connectionId: "c1",
      sessionKey: null,
      receivedAt: 1,
      sourceTime: null,
      direction: "in" as const,
      protocol: "mcp" as const,
      kind: "message",
      raw: { id: 1 },
    };
    store.insertEntry(entry);
    callStore(store).save(call("a", "t", 1));
    callStore(store).get("a");
    const prepare = vi.spyOn(store.db, "prepare");
    const second = store.insertEntry(entry);
    callStore(store).save(call("b", "t", 2));
    expect(callStore(store).get("b")?.id).toBe("b");
    expect(store.getEntry(second.seq)?.raw).toEqual({ id: 1 });
    store.getEntry(second.seq);
    // Only getEntry's statement was new here, and it was compiled once for both reads.
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(store.prepare("SELECT * FROM entries WHERE seq = ?")).toBe(store.prepare("SELECT * FROM entries WHERE seq = ?"));
  });

  it.skipIf(storesOnPostgres)("creates loupe.db in WAL mode", () => {
    expect(existsSync(path.join(dir, "loupe.db"))).toBe(true);
    expect(sqliteOf(store).pragma("journal_mode", { simple: true })).toBe("wal");
  });

  it.skipIf(storesOnPostgres)(
    "creates it with 8 KiB pages and incremental vacuum, so retention can hand freed pages back (issue 22)",
    () => {
      expect(sqliteOf(store).pragma("page_size", { simple: true })).toBe(8192);
      expect(sqliteOf(store).pragma("auto_vacuum", { simple: true })).toBe(2);
    },
  );

  it("leaves a large result out of the call list and keeps it for the one call", () => {
    const big = { content: [{ type: "text", text: "x".repeat(200_000) }] };
    const small = { content: [{ type: "text", text: "ok" }] };
    callStore(store).save({ ...call("big", "dump", 10), result: big });
    callStore(store).save({ ...call("small", "dump", 20), result: small });
    const [s, b] = callStore(store).list("c1");
    expect(s).toMatchObject({ id: "small", result: small });
    expect(s!.resultOmitted).toBeUndefined();
    expect(b).toMatchObject({ id: "big", status: "ok", resultOmitted: true });
    expect(b!.result).toBeUndefined();
    expect(callStore(store).get("big")?.result).toEqual(big);
  });

  it("lists calls newest first, filtered by tool", () => {
    callStore(store).save(call("a", "echo", 10));
    callStore(store).save(call("b", "sum", 20));
    callStore(store).save(call("c", "echo", 30));
    expect(
      callStore(store)
        .list("c1")
        .map((c) => c.id),
    ).toEqual(["c", "b", "a"]);
    expect(
      callStore(store)
        .list("c1", { tool: "echo", limit: 1 })
        .map((c) => c.id),
    ).toEqual(["c"]);
    callStore(store).save({ ...call("a", "echo", 10), status: "tool_error" });
    expect(callStore(store).get("a")?.status).toBe("tool_error");
  });

  it("reads a call stored as failed with upstream:call_became_task as status task, and keeps unknown statuses", () => {
    // How Loupe stored a call the server made a task before the "task" status existed.
    const error = { code: "upstream:call_became_task" as const, message: "The server made this call a task", details: { taskId: "t-1" } };
    callStore(store).save({ ...call("old", "rebook-all", 10, "failed"), error });
    callStore(store).save({ ...call("odd", "rebook-all", 20), status: "from_a_later_loupe" as CallRecord["status"] });
    const old = callStore(store).get("old");
    expect(old).toMatchObject({ status: "task", taskId: "t-1" });
    expect(old?.error).toBeUndefined();
    expect(
      callStore(store)
        .list("c1")
        .map((c) => [c.id, c.status, c.taskId]),
    ).toEqual([
      ["odd", "from_a_later_loupe", undefined],
      ["old", "task", "t-1"],
    ]);
  });

  it("marks calls left running by a stopped Loupe as failed on reopen", () => {
    connectionTable(store).save(config);
    callStore(store).save({ ...call("r", "echo", 5, "running"), endedAt: null });
    store.insertEntry({
      connectionId: "c1",
      sessionKey: null,
      receivedAt: 1,
      sourceTime: null,
      direction: "out",
      protocol: "mcp",
      kind: "message",
      raw: { a: 1 },
    });
    store.close();
    store = openStore(dir);
    const record = callStore(store).get("r");
    expect(record?.status).toBe("failed");
    expect(record?.error?.code).toBe("internal:loupe_restarted");
    expect(connectionTable(store).list()).toHaveLength(1);
    expect(store.maxSeq()).toBe(1);
    expect(store.getEntry(1)?.raw).toEqual({ a: 1 });
  });
});
