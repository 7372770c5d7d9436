import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { approvalStore } from "@/lib/server/approvals/approval-store";
import { openStore } from "@/lib/server/store";
import type { GateOutcome } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as one from "@/app/api/approvals/[id]/route";

/** What the user approves is exactly what is sent, whatever the argument names. */
const data = tempDir("loupe-approvals-hostile-");
process.env.LOUPE_DATA_DIR = data.dir;

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (id: string, body: string) =>
  one.POST(
    new Request(`http://127.0.0.1:3000/api/approvals/${id}`, { method: "POST", body, headers: { "content-type": "application/json" } }),
    ctx(id),
  );

let conn: string;

beforeAll(async () => {
  conn = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
});

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

async function gated(args: Record<string, unknown>): Promise<{ outcome: Promise<GateOutcome>; approval: ToolApproval }> {
  const before = new Set(
    getApprovals()
      .list()
      .map((a) => a.id),
  );
  const outcome = getApprovals().gate({
    connectionId: conn,
    tool: "echo",
    arguments: args,
    origin: { kind: "playground", conversationId: "c1", title: "t" },
    policy: "always",
  });
  for (let i = 0; i < 200; i++) {
    const found = getApprovals()
      .list({ status: "pending" })
      .find((a) => !before.has(a.id));
    if (found) return { outcome, approval: found };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no pending approval");
}

describe("approving with arguments", () => {
  it("keeps an argument named __proto__ (the JSON the user approved is the JSON sent)", async () => {
    const { outcome, approval } = await gated({ message: "hi" });
    const body = '{"action":"approve","arguments":{"message":"edited","__proto__":{"polluted":true}}}';
    const res = await post(approval.id, body);
    expect(res.status).toBe(200);
    const sent = await outcome;
    expect(sent.action).toBe("approve");
    const args = (sent as { arguments: Record<string, unknown> }).arguments;
    expect(JSON.stringify(args)).toBe(JSON.stringify(JSON.parse(body).arguments));
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("two answers at once", () => {
  it("exactly one wins: one 200, the other 409, and the gate gets the winner's answer only", async () => {
    const { outcome, approval } = await gated({ message: "race" });
    const [a, b] = await Promise.all([
      post(approval.id, '{"action":"approve","arguments":{"message":"from tab A"}}'),
      post(approval.id, '{"action":"reject","reason":"from tab B"}'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "approve" : "reject";
    expect((await outcome).action).toBe(winner);
    expect(getApprovals().get(approval.id).decision?.action).toBe(winner);
  });
});

describe("a second Loupe opening the same data folder", () => {
  it("does not hide this Loupe's waiting calls: they stay pending in its list and can be answered", async () => {
    const { outcome, approval } = await gated({ message: "still waiting here" });
    // The other Loupe sweeps the pending rows no gate of *its* process waits on.
    const other = openStore(data.dir);
    try {
      approvalStore(other, () => false);
      expect(approvalStore(other, () => false).get(approval.id)?.status).toBe("stale");
    } finally {
      other.db.close();
    }
    expect(getApprovals().get(approval.id).status).toBe("pending");
    expect(
      getApprovals()
        .list({ status: "pending" })
        .map((a) => a.id),
    ).toContain(approval.id);
    expect(
      getApprovals()
        .list()
        .find((a) => a.id === approval.id)?.status,
    ).toBe("pending");
    const res = await post(approval.id, '{"action":"reject","reason":"seen after all"}');
    expect(res.status).toBe(200);
    expect(await outcome).toMatchObject({ action: "reject", reason: "seen after all" });
  });
});
