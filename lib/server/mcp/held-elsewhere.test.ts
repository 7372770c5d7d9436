import { describe, expect, it } from "vitest";
import type { CallToolBody, CallRecord } from "@/lib/contracts/calls";
import type { CallAttribution } from "@/lib/server/mcp/call-runner";
import { AppError } from "@/lib/errors";
import {
  callToolThere,
  holderElsewhere,
  listToolsThere,
  serveHeldConnections,
  type CallThere,
  type HeldHere,
} from "@/lib/server/mcp/held-elsewhere";
import { storeBackends } from "@/tests/support/store-backends";
import { instanceA } from "@/tests/support/two-instances";

/**
 * A connection held by instance A, used from instance B by what is not an HTTP request (issue 25):
 * B lists its tools and calls them on A through the database's mailbox, with the call's origin, and a
 * stop on B cancels the call on A. A's registry is a recorder here (the real path runs in
 * e2e/cluster.spec.ts, a playground conversation on B calling A's server-everything).
 */
const pg = storeBackends().find((b) => b.name === "PostgreSQL");

/** The shared calls table, as far as these tests need it: the holder records, the asker reads. */
const stored = new Map<string, CallRecord>();
const here: CallThere = { requestTimeoutMs: 60_000, stored: (callId) => stored.get(callId) };

function recorder() {
  const calls: { id: string; body: CallToolBody; by: CallAttribution }[] = [];
  const cancels: { id: string; callId: string; reason?: string }[] = [];
  let release: (() => void) | undefined;
  const registry: HeldHere = {
    listTools: (id) => Promise.resolve({ tools: [{ name: `tool of ${id}`, inputSchema: { type: "object" } }], pages: 1, listedAt: 1 }),
    async callTool(id, body, by) {
      calls.push({ id, body, by });
      if (body.name === "slow") await new Promise<void>((resolve) => (release = resolve));
      if (body.name === "taken") throw new AppError("conflict:call_id", `A call with id "${body.callId}" already exists`);
      const record: CallRecord = {
        id: body.callId ?? "",
        connectionId: id,
        tool: body.name,
        args: body.arguments,
        requestId: 1,
        startedAt: 1,
        endedAt: 2,
        timeoutMs: 1000,
        status: body.name === "slow" ? "cancelled" : "ok",
        ...(body.name === "big" ? { result: { content: [{ type: "text", text: "x".repeat(2 * 1024 * 1024) }] } } : {}),
      };
      // What the asker reads from the store is marked, to tell it from what came in the message.
      stored.set(record.id, { ...record, approvalId: "read from the store" });
      return record;
    },
    cancelCall(id, callId, reason) {
      cancels.push({ id, callId, reason });
      release?.();
    },
  };
  return { registry, calls, cancels };
}

describe.runIf(pg !== undefined)("a connection held by another instance", () => {
  it("is listed and called there with who called, and a stop here cancels the call there", async () => {
    if (!pg) return;
    const { a, startB } = instanceA(pg);
    const held = recorder();
    serveHeldConnections(held.registry, a);
    a.start();
    expect(a.hold("mcp:c1").held).toBe(true);
    startB();

    expect(holderElsewhere("c1")).toBe(a.id);
    expect(holderElsewhere("c2")).toBeUndefined();
    expect((await listToolsThere(a.id, "c1", {})).tools.map((t) => t.name)).toEqual(["tool of c1"]);

    const origin = { kind: "playground", conversationId: "conv", columnId: "col", toolCallId: "tc" } as const;
    const done = await callToolThere(a.id, "c1", { name: "echo", arguments: { message: "hi" } }, { origin, approvalId: "ap1" }, here);
    expect(done).toMatchObject({ connectionId: "c1", tool: "echo", status: "ok" });
    expect(held.calls[0]).toMatchObject({
      id: "c1",
      body: { name: "echo", arguments: { message: "hi" }, callId: done.id },
      by: { origin, approvalId: "ap1" },
    });

    const stop = new AbortController();
    const slow = callToolThere(a.id, "c1", { callId: "slow-1", name: "slow", arguments: {} }, { signal: stop.signal }, here);
    await expect.poll(() => held.calls.length, { timeout: 10_000 }).toBe(2);
    stop.abort(new Error("the turn was stopped"));
    expect(await slow).toMatchObject({ id: "slow-1", status: "cancelled" });
    expect(held.cancels).toEqual([{ id: "c1", callId: "slow-1", reason: "the turn was stopped" }]);

    // Stopped before it was sent: nothing runs there. A tap's call is refused in words. The holder's
    // error comes back with its code; a result too large for a message is read from the store.
    const stopped = new AbortController();
    stopped.abort();
    await expect(callToolThere(a.id, "c1", { name: "echo", arguments: {} }, { signal: stopped.signal }, here)).rejects.toMatchObject({
      code: "cancelled:call",
    });
    await expect(callToolThere(a.id, "c1", { name: "echo", arguments: {} }, { onProgress: () => undefined }, here)).rejects.toMatchObject({
      code: "conflict:connection_elsewhere",
      status: 409,
    });
    expect(held.calls).toHaveLength(2);
    await expect(callToolThere(a.id, "c1", { callId: "t1", name: "taken", arguments: {} }, {}, here)).rejects.toMatchObject({
      code: "conflict:call_id",
      status: 409,
    });
    const big = await callToolThere(a.id, "c1", { name: "big", arguments: {} }, {}, here);
    expect(JSON.stringify(big.result).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.approvalId).toBe("read from the store");
    // The holder's own error ended that call: no cancel was sent after it (it would name another call's id).
    expect(held.cancels).toHaveLength(1);
    expect(done.approvalId).toBeUndefined();
  }, 60_000);
});
