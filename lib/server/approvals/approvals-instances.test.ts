import { afterAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { Approvals, LOUPE_STOPPED_REASON } from "@/lib/server/approvals";
import type { GateOutcome } from "@/lib/server/approvals";
import { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput } from "@/tests/support/servers";
import { thrownAppError } from "@/tests/support/app-errors";
import { storeBackends } from "@/tests/support/store-backends";

/**
 * Approvals with several instances on one database (issue 25). A second Loupe opening a SQLite file
 * closes what the last run left pending (nobody can receive its answer); a second instance opening a
 * shared PostgreSQL database must not: the first still waits for those answers. The instance that
 * takes a dead one's tap over adopts its pending approvals: answerable there, applied once.
 */
const backends = storeBackends();
const registries: Registry[] = [];

afterAll(async () => {
  for (const registry of registries) await registry.closeAll();
});

async function instance(store: ReturnType<(typeof backends)[number]["open"]>, cluster?: () => ClusterRuntime) {
  const registry = new Registry(new Hub(store));
  registries.push(registry);
  return { registry, desk: new Approvals(registry.hub, registry, cluster) };
}

/** An instance's cluster runtime on the test's clock, its timers not started (it renews nothing: it "dies" when the clock moves on). */
let clock = 1_000_000;
function runtime(store: ReturnType<(typeof backends)[number]["open"]>, name: string): ClusterRuntime {
  return new ClusterRuntime(store, name, { leaseTtlMs: 15_000, now: () => clock }, `${name}-${Math.random()}`);
}

const origin = { kind: "tap", tapId: "t1" } as const;
const playground = { kind: "playground", conversationId: "c1", title: "a conversation" } as const;

async function pendingOf(desk: Approvals, message: string): Promise<ToolApproval> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = desk.list({ status: "pending" }).find((a) => a.arguments.message === message);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no pending approval for "${message}"`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(backends)("approvals on two instances ($name)", (backend) => {
  it("a second instance opening the store leaves the first's pending approval to it only on a shared store", async () => {
    const first = await instance(backend.open());
    const conn = (await first.registry.create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
    const waiting = first.desk.gate({ connectionId: conn, tool: "echo", arguments: { message: "m1" }, origin, policy: "always" });
    const approval = await pendingOf(first.desk, "m1");
    const second = await instance(backend.open(true));
    const seen = second.desk.get(approval.id);
    if (backend.name === "SQLite") {
      expect(seen).toMatchObject({ status: "stale", reason: LOUPE_STOPPED_REASON });
      first.desk.markStale(approval.id, "done");
      return;
    }
    expect(seen.status).toBe("pending");
    first.desk.answer(approval.id, { action: "approve" });
    expect(await waiting).toMatchObject({ action: "approve", approvalId: approval.id });
  }, 60_000);

  it.runIf(backend.name === "PostgreSQL")(
    "an adopted approval is answerable where it was adopted, applied once, with its words",
    async () => {
      const first = await instance(backend.open());
      const conn = (await first.registry.create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
      void first.desk.gate({ connectionId: conn, tool: "echo", arguments: { message: "m2" }, origin, policy: "always" });
      const approval = await pendingOf(first.desk, "m2");
      await first.registry.closeAll(); // the first instance is gone; its gate never settles
      const second = await instance(backend.open(true));
      const outcomes: GateOutcome[] = [];
      second.desk.adopt(second.desk.get(approval.id), { takenOver: "A stopped" }, (outcome) => outcomes.push(outcome));
      expect(second.desk.get(approval.id)).toMatchObject({ status: "pending", takenOver: "A stopped" });
      expect(second.desk.answer(approval.id, { action: "approve" })).toMatchObject({ status: "answered", takenOver: "A stopped" });
      expect(() => second.desk.answer(approval.id, { action: "approve" })).toThrow(AppError);
      expect(outcomes).toEqual([{ action: "approve", arguments: { message: "m2" }, edited: false, approvalId: approval.id }]);
    },
    60_000,
  );

  it.runIf(backend.name === "PostgreSQL")(
    "an approval pending on another instance says where it waits; a playground's whose instance stopped is closed stale in words",
    async () => {
      const storeA = backend.open();
      const a = runtime(storeA, "Loupe A (127.0.0.1:1)");
      const first = await instance(storeA, () => a);
      const conn = (await first.registry.create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
      const tapId = `t-${Math.random()}`;
      expect(a.hold(`tap:${tapId}`).held).toBe(true);
      void first.desk.gate({
        connectionId: conn,
        tool: "echo",
        arguments: { message: "m3" },
        origin: { kind: "tap", tapId },
        policy: "always",
      });
      void first.desk.gate({ connectionId: conn, tool: "echo", arguments: { message: "m4" }, origin: playground, policy: "always" });
      const approval = await pendingOf(first.desk, "m3");
      const fromPlayground = await pendingOf(first.desk, "m4");
      expect(approval.instance).toBe(a.id);
      const storeB = backend.open(true);
      const b = runtime(storeB, "Loupe B (127.0.0.1:2)");
      const second = await instance(storeB, () => b);

      // A lives: B says the call waits on A, and that answering again sends it there.
      const live = thrownAppError(() => second.desk.answer(approval.id, { action: "approve" }));
      expect(live).toMatchObject({
        code: "conflict:approval_elsewhere",
        status: 409,
        details: { instance: a.id, live: true, retry: true },
      });
      expect(live.message).toContain("waits on Loupe A (127.0.0.1:1), the Loupe instance holding its tap");
      const there = thrownAppError(() => second.desk.answer(fromPlayground.id, { action: "approve" }));
      expect(there).toMatchObject({ code: "conflict:approval_elsewhere", details: { live: true, retry: true } });
      expect(there.message).toContain("where its playground conversation runs");

      // A stops answering (no heartbeat, its lease lapsed) and nobody took its tap over yet.
      clock += 16_000;
      b.instances.heartbeat();
      const dying = thrownAppError(() => second.desk.answer(approval.id, { action: "reject" }));
      expect(dying).toMatchObject({ code: "conflict:approval_elsewhere", details: { instance: a.id, live: false, retry: true } });
      expect(dying.message).toContain("Loupe A (127.0.0.1:1), which stopped answering");
      expect(dying.message).toContain("answer again in a moment");
      expect(dying.message).not.toMatch(/stale/);
      expect(second.desk.get(approval.id).status).toBe("pending");
      // The playground's call is not taken over (its conversation ran on A): closed stale, in words, once.
      const announced: unknown[] = [];
      const unsubscribe = second.registry.hub.subscribe(second.registry.hub.maxSeq(), (e) => {
        if (e.kind === "tool_approval") announced.push(e.raw);
      });
      expect(second.desk.list({ status: "pending" }).map((a) => a.id)).not.toContain(fromPlayground.id);
      const closed = second.desk.get(fromPlayground.id);
      expect(closed).toMatchObject({ status: "stale" });
      expect(closed.reason).toContain("Loupe A (127.0.0.1:1) stopped while this call waited: its playground conversation ran there");
      const stale = thrownAppError(() => second.desk.answer(fromPlayground.id, { action: "approve" }));
      expect(stale).toMatchObject({ code: "conflict:approval_stale", status: 409 });
      expect(stale.message).toContain("stopped while this call waited");
      expect(announced).toMatchObject([{ id: fromPlayground.id, status: "stale" }]);
      unsubscribe();

      // B takes the tap over and adopts the call: answering again there works, once.
      expect(b.hold(`tap:${tapId}`)).toMatchObject({ held: true, tookOver: a.id });
      const outcomes: GateOutcome[] = [];
      second.desk.adopt(second.desk.get(approval.id), { takenOver: "A stopped" }, (outcome) => outcomes.push(outcome));
      expect(second.desk.get(approval.id).instance).toBe(b.id);
      expect(second.desk.answer(approval.id, { action: "reject" })).toMatchObject({ status: "answered" });
      expect(outcomes).toMatchObject([{ action: "reject", approvalId: approval.id }]);
    },
    60_000,
  );
});
