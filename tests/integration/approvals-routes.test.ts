import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { InboxRow } from "@/lib/contracts/inbox";
import { getAgents } from "@/lib/server/adk/agents";
import { getApprovals } from "@/lib/server/approvals";
import type { GateOutcome } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as list from "@/app/api/approvals/route";
import * as one from "@/app/api/approvals/[id]/route";
import * as inbox from "@/app/api/inbox/route";

// The route singletons (registry, store, desk) read LOUPE_DATA_DIR on first use.
const data = tempDir("loupe-approvals-routes-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (id: string, body: string) =>
  one.POST(new Request(`${base}/api/approvals/${id}`, { method: "POST", body, headers: { "content-type": "application/json" } }), ctx(id));
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

let conn: string;

beforeAll(async () => {
  conn = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
});

afterAll(async () => {
  await getRegistry().closeAll();
  await getAgents().closeAll();
  data.cleanup();
});

/** Starts a gated call and returns its pending approval (read through GET /api/approvals?status=pending). */
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
    origin: { kind: "playground", conversationId: "c1", title: "Routes test" },
    policy: "always",
  });
  for (let i = 0; i < 200; i++) {
    const res = await list.GET(new Request(`${base}/api/approvals?status=pending`));
    const found = ((await res.json()) as ToolApproval[]).find((a) => !before.has(a.id));
    if (found) return { outcome, approval: found };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no pending approval");
}

describe("approval routes", () => {
  it("GET lists (and filters by status), GET :id returns one, 404 for an unknown id, 400 for a bad status", async () => {
    const { approval, outcome } = await gated({ message: "listed" });
    const got = await one.GET(new Request(`${base}/api/approvals/${approval.id}`), ctx(approval.id));
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: approval.id, status: "pending", tool: "echo", connectionName: "everything" });

    const missing = await one.GET(new Request(`${base}/api/approvals/nope`), ctx("nope"));
    expect([missing.status, (await errorOf(missing)).code]).toEqual([404, "not_found:approval"]);
    const bad = await list.GET(new Request(`${base}/api/approvals?status=maybe`));
    expect([bad.status, (await errorOf(bad)).code]).toEqual([400, "bad_request:query"]);

    expect((await post(approval.id, JSON.stringify({ action: "approve" }))).status).toBe(200);
    await outcome;
    const answered = (await (await list.GET(new Request(`${base}/api/approvals?status=answered`))).json()) as ToolApproval[];
    expect(answered.map((a) => a.id)).toContain(approval.id);
    const pending = (await (await list.GET(new Request(`${base}/api/approvals?status=pending`))).json()) as ToolApproval[];
    expect(pending.map((a) => a.id)).not.toContain(approval.id);
  });

  it("POST approves with edited arguments (200), then 409 on a second answer; the gate gets the edit", async () => {
    const { approval, outcome } = await gated({ message: "original" });
    const res = await post(approval.id, JSON.stringify({ action: "approve", arguments: { message: "edited" } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "answered",
      decision: { action: "approve", edited: true, arguments: { message: "edited" } },
    });
    expect(await outcome).toEqual({ action: "approve", arguments: { message: "edited" }, edited: true, approvalId: approval.id });

    const again = await post(approval.id, JSON.stringify({ action: "reject" }));
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "conflict:approval_already_answered"]);
  });

  it("POST with a bad body is 400 with the route's code and the call keeps waiting; an unknown id is 404", async () => {
    const { approval, outcome } = await gated({ message: "still waiting" });
    const wrong = await post(approval.id, JSON.stringify({ action: "maybe" }));
    expect([wrong.status, (await errorOf(wrong)).code]).toEqual([400, "bad_request:approval_answer"]);
    const notObject = await post(approval.id, JSON.stringify({ action: "approve", arguments: [1, 2] }));
    expect([notObject.status, (await errorOf(notObject)).code]).toEqual([400, "bad_request:approval_answer"]);
    const notJson = await post(approval.id, "{not json");
    expect([notJson.status, (await errorOf(notJson)).code]).toEqual([400, "bad_request:json"]);
    expect(getApprovals().get(approval.id).status).toBe("pending");

    const unknown = await post("nope", JSON.stringify({ action: "approve" }));
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, "not_found:approval"]);

    const res = await post(approval.id, JSON.stringify({ action: "reject", reason: "Use a smaller message" }));
    expect(res.status).toBe(200);
    expect(await outcome).toEqual({ action: "reject", reason: "Use a smaller message", approvalId: approval.id });
  });

  it("POST on a stale approval is 409 approval_stale", async () => {
    const controller = new AbortController();
    const before = new Set(
      getApprovals()
        .list()
        .map((a) => a.id),
    );
    const outcome = getApprovals().gate({
      connectionId: conn,
      tool: "echo",
      arguments: {},
      origin: { kind: "tap", tapId: conn },
      policy: "always",
      signal: controller.signal,
    });
    let approval: ToolApproval | undefined;
    while (!approval) {
      approval = getApprovals()
        .list()
        .find((a) => !before.has(a.id));
      await new Promise((r) => setTimeout(r, 10));
    }
    controller.abort("The tap's client disconnected");
    expect(await outcome).toMatchObject({ action: "stale" });
    const res = await post(approval.id, JSON.stringify({ action: "approve" }));
    const error = await errorOf(res);
    expect([res.status, error.code]).toEqual([409, "conflict:approval_stale"]);
    expect(error.message).toContain("The tap's client disconnected");
  });

  it("GET /api/inbox lists approvals as source 'approval' rows, pending first", async () => {
    const { approval, outcome } = await gated({ message: "in the inbox" });
    const rows = (await (await inbox.GET()).json()) as InboxRow[];
    const row = rows.find((r) => r.source === "approval" && r.id === approval.id);
    expect(row).toMatchObject({ source: "approval", status: "pending", tool: "echo" });
    expect(rows[0]).toMatchObject({ status: "pending" });
    const firstSettled = rows.findIndex((r) => r.status !== "pending");
    const lastPending = rows.map((r) => r.status).lastIndexOf("pending");
    expect(firstSettled === -1 || lastPending < firstSettled).toBe(true);
    expect(rows.some((r) => r.source === "approval" && r.status === "answered")).toBe(true);
    getApprovals().answer(approval.id, { action: "approve" });
    await outcome;
  });
});
