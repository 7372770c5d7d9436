import { describe, expect, it } from "vitest";
import type { PgToolCall, PgTurn } from "@/lib/contracts/playground";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { Playground } from "@/lib/server/playground";
import { defaultDeps } from "@/lib/server/playground/default-deps";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import { waitFor, playgroundDataDir, openAiKey, usePeers } from "@/tests/support/playground";

/**
 * Two identical tool calls in one step (same tool, same arguments) each wait for their own
 * approval: the approval shown on a call is the one whose answer that call receives, even when
 * the second call's approval is created first (its tool listing came back sooner).
 */

const data = playgroundDataDir("loupe-playground-pairing-");
const KEY = openAiKey("test-key-pairing-1234");

let everything = "";
let fake: FakeProvider;
usePeers(KEY, data, (peers) => ({ everything, fake } = peers));

const calls = (id: string) =>
  getHub()
    .list(id, { limit: 5000 })
    .filter((e) => e.kind === "pg_tool_call")
    .map((e) => e.raw as PgToolCall);

describe("approval pairing", () => {
  it("two identical calls in one step get their own approvals, and each answer reaches its own call", async () => {
    // The real desk; the first call's gate starts later, so the approvals are created in the
    // reverse order of the calls (as when the first call's tool listing is slower).
    let gates = 0;
    const deps = defaultDeps();
    const playground = new Playground(getHub(), {
      ...deps,
      gate: async (request) => {
        if (gates++ === 0) await new Promise((r) => setTimeout(r, 400));
        return deps.gate(request);
      },
    });
    const conversation = playground.create({
      systemPrompt: "",
      servers: [{ connectionId: everything, tools: ["echo"] }],
      policy: "always",
      toolPolicies: {},
      columns: [{ provider: "openai", model: "gpt-4o-mini", baseUrl: fake.baseUrl, strict: false, maxSteps: 5 }],
    });
    const column = conversation.columns[0]!;
    fake.enqueue({
      toolCalls: [
        { id: "call_first", name: "echo", arguments: { message: "same" } },
        { id: "call_second", name: "echo", arguments: { message: "same" } },
      ],
    });
    fake.enqueue({ text: "Done." });
    playground.send(conversation.id, { text: "echo twice" });

    const shown = await waitFor("both calls awaiting approval", () => {
      const waiting = calls(conversation.id).filter((c) => c.status === "awaiting_approval");
      return waiting.length === 2 ? new Map(waiting.map((c) => [c.toolCallId, c.approvalId!])) : undefined;
    });
    const first = shown.get("call_first")!;
    const second = shown.get("call_second")!;
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
    // The inbox card says which of the model's calls it is.
    const pending = getApprovals()
      .list({ status: "pending" })
      .filter((a: ToolApproval) => a.origin.kind === "playground" && a.origin.conversationId === conversation.id);
    expect(Object.fromEntries(pending.map((a) => [a.id, a.origin.kind === "playground" ? a.origin.toolCallId : null]))).toEqual({
      [first]: "call_first",
      [second]: "call_second",
    });

    // Answer through the ids shown on the calls, as the inline card does.
    getApprovals().answer(first, { action: "approve", arguments: { message: "edited for the first" } });
    getApprovals().answer(second, { action: "reject", reason: "not the second" });
    await waitFor("the turn to end", () =>
      getHub()
        .list(conversation.id, { limit: 5000 })
        .some((e) => e.kind === "pg_turn" && e.sessionKey === column.id && (e.raw as PgTurn).status !== "running"),
    );
    const last = new Map(calls(conversation.id).map((c) => [c.toolCallId, c]));
    expect(last.get("call_first")).toMatchObject({ status: "ok", approvalId: first, arguments: { message: "edited for the first" } });
    expect(last.get("call_second")).toMatchObject({
      status: "rejected",
      approvalId: second,
      arguments: { message: "same" },
      result: "rejected: not the second",
    });
    expect(JSON.stringify(fake.requests[1]!.body)).toContain("Echo: edited for the first");
    expect(
      getRegistry()
        .listCalls(everything)
        .filter((c) => c.args.message === "edited for the first"),
    ).toHaveLength(1);
    expect(
      getRegistry()
        .listCalls(everything)
        .filter((c) => c.args.message === "same"),
    ).toHaveLength(0);
  });
});
