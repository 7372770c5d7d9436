import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { DEFAULT_REJECT_REASON } from "@/lib/contracts/approvals";
import { Approvals, CONNECTION_DELETED_REASON, LOUPE_STOPPED_REASON } from "@/lib/server/approvals";
import type { GateInput } from "@/lib/server/approvals";
import { Hub } from "@/lib/server/hub";
import { Registry } from "@/lib/server/mcp/registry";
import { openStore } from "@/lib/server/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { thrownAppError } from "@/tests/support/app-errors";

// A real server-everything: "echo" is annotated readOnlyHint true, "toggle-simulated-logging" false.
const data = tempDir("loupe-approvals-desk-");
const registries: Registry[] = [];
let registry: Registry;
let desk: Approvals;
let conn: string;

beforeAll(async () => {
  registry = new Registry(new Hub(openStore(data.dir)));
  registries.push(registry);
  desk = new Approvals(registry.hub, registry);
  conn = (await registry.create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
});

afterAll(async () => {
  for (const r of registries) await r.closeAll();
  data.cleanup();
});

const origin = { kind: "tap", tapId: "t1", client: { name: "claude-ai", version: "0.1.0" } } as const;

function input(over: Partial<GateInput> = {}): GateInput {
  return { connectionId: conn, tool: "echo", arguments: { message: "hi" }, origin, policy: "always", ...over };
}

/** The approval a gate just created (the newest pending one of that tool). */
async function pendingOf(tool: string, not: Set<string> = new Set()): Promise<ToolApproval> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = desk.list({ status: "pending" }).find((a) => a.tool === tool && !not.has(a.id));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no pending approval of ${tool}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("approvals desk: which calls ask", () => {
  it('"never" approves at once and keeps no record', async () => {
    const before = desk.list().length;
    const outcome = await desk.gate(input({ policy: "never", tool: "toggle-simulated-logging" }));
    expect(outcome).toEqual({ action: "approve", arguments: { message: "hi" }, edited: false });
    expect(desk.list()).toHaveLength(before);
  });

  it('"unless_read_only" lets a readOnlyHint tool through and stops one that is not', async () => {
    const before = desk.list().length;
    expect(await desk.gate(input({ policy: "unless_read_only" }))).toMatchObject({ action: "approve", edited: false });
    expect(desk.list()).toHaveLength(before);

    const waiting = desk.gate(input({ policy: "unless_read_only", tool: "toggle-simulated-logging", arguments: {} }));
    const approval = await pendingOf("toggle-simulated-logging");
    expect(approval).toMatchObject({
      connectionId: conn,
      connectionName: "everything",
      policy: { value: "unless_read_only", from: "default" },
      annotations: { readOnlyHint: false },
      origin,
    });
    expect(approval.listed).toBeUndefined();
    desk.answer(approval.id, { action: "approve" });
    expect(await waiting).toEqual({ action: "approve", arguments: {}, edited: false, approvalId: approval.id });
  });

  it('"always" asks even for a read-only tool, with its annotations and inputSchema for the card', async () => {
    const waiting = desk.gate(input({ calledAs: "everything__echo" }));
    const approval = await pendingOf("echo");
    expect(approval).toMatchObject({
      calledAs: "everything__echo",
      annotations: { readOnlyHint: true },
      policy: { value: "always", from: "default" },
    });
    expect((approval.inputSchema as { properties?: object }).properties).toHaveProperty("message");
    const answered = desk.answer(approval.id, { action: "approve", arguments: { message: "edited" } });
    expect(answered).toMatchObject({ status: "answered", decision: { action: "approve", arguments: { message: "edited" }, edited: true } });
    expect(await waiting).toEqual({ action: "approve", arguments: { message: "edited" }, edited: true, approvalId: approval.id });
  });

  it("a per-tool policy overrides the default both ways", async () => {
    const key = `${conn}/echo`;
    expect(await desk.gate(input({ policy: "always", toolPolicies: { [key]: "never" } }))).toMatchObject({ action: "approve" });
    const waiting = desk.gate(input({ policy: "never", toolPolicies: { [key]: "always" } }));
    const approval = await pendingOf("echo");
    expect(approval.policy).toEqual({ value: "always", from: "tool" });
    desk.answer(approval.id, { action: "reject" });
    expect(await waiting).toEqual({ action: "reject", reason: DEFAULT_REJECT_REASON, approvalId: approval.id });
  });

  it("a tool missing from the listing is treated as not read-only, and the approval says so", async () => {
    const waiting = desk.gate(input({ policy: "unless_read_only", tool: "no-such-tool" }));
    const approval = await pendingOf("no-such-tool");
    expect(approval.listed).toBe(false);
    expect(approval.notListed).toMatch(/not in the connection's tool listing/);
    expect(approval.annotations).toBeUndefined();
    desk.answer(approval.id, { action: "reject", reason: "  not this one " });
    expect(await waiting).toEqual({ action: "reject", reason: "not this one", approvalId: approval.id });
  });

  it("an unknown connection is not_found (unless the policy never asks)", async () => {
    await expect(desk.gate(input({ connectionId: "nope" }))).rejects.toMatchObject({ code: "not_found:connection" });
    expect(await desk.gate(input({ connectionId: "nope", policy: "never" }))).toMatchObject({ action: "approve" });
  });
});

describe("approvals desk: answers", () => {
  it("answers exactly once: a second answer is 409 already answered, an unknown id 404", async () => {
    const waiting = desk.gate(input());
    const approval = await pendingOf("echo");
    desk.answer(approval.id, { action: "approve" });
    await waiting;
    const again = thrownAppError(() => desk.answer(approval.id, { action: "reject" }));
    expect([again.status, again.code]).toEqual([409, "conflict:approval_already_answered"]);
    expect(desk.get(approval.id).decision).toMatchObject({ action: "approve", edited: false });
    const unknown = thrownAppError(() => desk.answer("no-such-id", { action: "approve" }));
    expect([unknown.status, unknown.code]).toEqual([404, "not_found:approval"]);
    expect(thrownAppError(() => desk.get("no-such-id")).code).toBe("not_found:approval");
  });

  it("two identical pending calls are answered separately and each answer reaches its own gate", async () => {
    const first = desk.gate(input({ arguments: { message: "same" } }));
    const a = await pendingOf("echo");
    const second = desk.gate(input({ arguments: { message: "same" } }));
    const b = await pendingOf("echo", new Set([a.id]));
    expect(a.id).not.toBe(b.id);
    let firstDone = false;
    void first.then(() => (firstDone = true));
    desk.answer(b.id, { action: "reject", reason: "only the second" });
    expect(await second).toEqual({ action: "reject", reason: "only the second", approvalId: b.id });
    await new Promise((r) => setTimeout(r, 50));
    expect(firstDone).toBe(false);
    expect(desk.get(a.id).status).toBe("pending");
    desk.answer(a.id, { action: "approve", arguments: { message: "first, edited" } });
    expect(await first).toEqual({ action: "approve", arguments: { message: "first, edited" }, edited: true, approvalId: a.id });
  });

  it("the same arguments in another key order are not an edit", async () => {
    const waiting = desk.gate(input({ arguments: { a: 1, b: { c: 2, d: 3 } } }));
    const approval = await pendingOf("echo");
    desk.answer(approval.id, { action: "approve", arguments: { b: { d: 3, c: 2 }, a: 1 } });
    expect(await waiting).toMatchObject({ action: "approve", edited: false });
  });

  it("every change is recorded as a loupe/tool_approval entry on the upstream connection", async () => {
    const waiting = desk.gate(input({ arguments: { message: "recorded" } }));
    const approval = await pendingOf("echo");
    desk.answer(approval.id, { action: "approve" });
    await waiting;
    const entries = registry.hub
      .list(conn, { limit: 1000 })
      .filter((e) => e.kind === "tool_approval" && (e.raw as ToolApproval).id === approval.id);
    expect(entries.map((e) => [e.protocol, e.direction, (e.raw as ToolApproval).status])).toEqual([
      ["loupe", "local", "pending"],
      ["loupe", "local", "answered"],
    ]);
  });
});

describe("approvals desk: stale", () => {
  it("an aborted caller makes the approval stale, in words; answering it then is 409 stale", async () => {
    const controller = new AbortController();
    const waiting = desk.gate(input({ signal: controller.signal }));
    const approval = await pendingOf("echo");
    controller.abort("The playground turn was stopped");
    expect(await waiting).toEqual({ action: "stale", reason: "The playground turn was stopped", approvalId: approval.id });
    expect(desk.get(approval.id)).toMatchObject({ status: "stale", reason: "The playground turn was stopped" });
    const late = thrownAppError(() => desk.answer(approval.id, { action: "approve" }));
    expect([late.status, late.code]).toEqual([409, "conflict:approval_stale"]);
  });

  it("an abort without a reason still says why; a signal aborted before the gate is stale at once", async () => {
    const controller = new AbortController();
    const waiting = desk.gate(input({ signal: controller.signal }));
    await pendingOf("echo");
    controller.abort();
    expect(await waiting).toMatchObject({ action: "stale", reason: "The caller stopped waiting for the answer" });
    expect(await desk.gate(input({ signal: AbortSignal.abort("client disconnected") }))).toMatchObject({
      action: "stale",
      reason: "client disconnected",
    });
  });

  it("deleting the connection makes its pending approvals stale", async () => {
    const other = (await registry.create(stdioInput("doomed", [EVERYTHING, "stdio"]))).id;
    const waiting = desk.gate(input({ connectionId: other }));
    const approval = await pendingOf("echo");
    expect(approval.connectionId).toBe(other);
    await registry.remove(other);
    expect(await waiting).toEqual({ action: "stale", reason: CONNECTION_DELETED_REASON, approvalId: approval.id });
    expect(desk.get(approval.id).status).toBe("stale");
  });

  it("a pending approval left by a Loupe that stopped is stale in the next run", async () => {
    void desk.gate(input({ arguments: { message: "left behind" } }));
    const approval = await pendingOf("echo");
    // The next run: a new store object on the same file, a new registry, a new desk.
    const next = new Registry(new Hub(openStore(data.dir)));
    registries.push(next);
    const nextDesk = new Approvals(next.hub, next);
    expect(nextDesk.get(approval.id)).toMatchObject({ status: "stale", reason: LOUPE_STOPPED_REASON });
    expect(nextDesk.list({ status: "pending" }).map((a) => a.id)).not.toContain(approval.id);
    const late = thrownAppError(() => nextDesk.answer(approval.id, { action: "approve" }));
    expect(late.code).toBe("conflict:approval_stale");
  });
});
