import { afterAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { Approvals, LOUPE_STOPPED_REASON } from "@/lib/server/approvals";
import type { GateOutcome } from "@/lib/server/approvals";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput } from "@/tests/support/servers";
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

async function instance(store: ReturnType<(typeof backends)[number]["open"]>) {
  const registry = new Registry(new Hub(store));
  registries.push(registry);
  return { registry, desk: new Approvals(registry.hub, registry) };
}

const origin = { kind: "tap", tapId: "t1" } as const;

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
});
