import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import { A2aRegistry } from "@/lib/server/a2a/registry";
import { allRecordedText, recorded, until } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startSdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import type { SdkAgent } from "@/tests/fixtures/a2a/sdk-agent";
import { tempDir } from "@/tests/support/servers";

// A real SDK server (@a2a-js/sdk 1.3.0) on this helper's ports, driven by the message text.
const data = tempDir("loupe-a2a-client-");
let agent: SdkAgent;
let restAgent: SdkAgent;
let legacyAgent: SdkAgent;
let a2a: A2aRegistry;
let id = "";

beforeAll(async () => {
  agent = await startSdkAgent();
  restAgent = await startSdkAgent(0, { preferred: "HTTP+JSON" });
  legacyAgent = await startSdkAgent(0, { v03: true });
  a2a = new A2aRegistry(new Hub(openStore(data.dir)));
  const view = await a2a.create({ name: "scripted", url: agent.url, headers: { Authorization: "Bearer sekrit-header" } });
  id = view.id;
});

afterAll(async () => {
  await agent.close();
  await restAgent.close();
  await legacyAgent.close();
  await a2a.closeAll();
  a2a.hub.store.close();
  data.cleanup();
});

const text = (t: string) => ({ parts: [{ kind: "text" as const, text: t }], stream: true });
const taskState = (taskId: string) => a2a.listTasks(id).find((t) => t.taskId === taskId)?.state;
async function settled(taskId: string, state: A2aTaskState): Promise<void> {
  await until(() => taskState(taskId) === state, 10_000, `task ${taskId} ${state}`);
}

describe("A2A agents through the SDK client", () => {
  it("adds an agent: the card is fetched, checked and recorded; headers are masked", () => {
    const view = a2a.get(id);
    expect(view.state.status).toBe("ok");
    expect(view.state.protocolVersion).toBe("1.0");
    expect(view.state.transports).toEqual(["JSONRPC", "HTTP+JSON"]);
    expect(view.state.transport).toBe("JSONRPC");
    expect(view.headers).toEqual({ Authorization: SECRET_MASK });
    expect(view.state.findings?.filter((f) => f.severity === "error")).toEqual([]);
    const card = recorded(a2a.hub, id, { kind: "a2a_card" });
    expect(card).toHaveLength(1);
    expect((card[0]!.raw as { card: { name: string } }).card.name).toBe("Scripted test agent");
  });

  it("streams a task to completed: every frame recorded raw, artifacts counted, headers masked in the record", async () => {
    const sent = await a2a.send(id, text("complete"));
    await a2a.waitExchange(sent.exchangeId);
    expect(sent.taskId).toBeTruthy();
    expect(taskState(sent.taskId!)).toBe("completed");
    const frames = recorded(a2a.hub, id, { kind: "a2a_frame" }).filter(
      (e) => (e.raw as { exchangeId: string }).exchangeId === sent.exchangeId,
    );
    expect(frames.map((f) => (f.raw as { kind: string }).kind)).toEqual(["task", "status", "artifact", "artifact", "artifact", "status"]);
    expect((frames[0]!.raw as { payload: { jsonrpc: string } }).payload.jsonrpc).toBe("2.0");
    const req = recorded(a2a.hub, id, { kind: "a2a_request" }).find(
      (e) => (e.raw as { exchangeId: string }).exchangeId === sent.exchangeId,
    );
    expect((req!.raw as { method: string }).method).toBe("SendStreamingMessage");
    // Its scheme kept, as MCP's wire records it; the protocol's own headers readable.
    const headers = (req!.raw as { headers: Record<string, string> }).headers;
    expect(headers.authorization).toBe(`Bearer ${SECRET_MASK}`);
    expect(headers["content-type"]).toBe("application/json");
    const streams = recorded(a2a.hub, id, { kind: "a2a_stream" }).filter(
      (e) => (e.raw as { exchangeId: string }).exchangeId === sent.exchangeId,
    );
    expect(streams.map((s) => (s.raw as { event: string }).event)).toEqual(["open", "closed"]);
    expect(a2a.getTask(id, sent.taskId!).artifactCount).toBe(2);
    expect(allRecordedText(a2a.hub)).not.toContain("sekrit-header");
  });

  it.each([
    ["fail", "failed"],
    ["reject", "rejected"],
  ] as const)("%s ends the task %s", async (script, state) => {
    const sent = await a2a.send(id, text(script));
    await a2a.waitExchange(sent.exchangeId);
    expect(taskState(sent.taskId!)).toBe(state);
  });

  it("message/send (no stream) records the one response", async () => {
    const sent = await a2a.send(id, { ...text("complete"), stream: false });
    expect(taskState(sent.taskId!)).toBe("completed");
  });

  it("input-required becomes a pending request with the schema; the answer continues the same task, exactly once", async () => {
    const sent = await a2a.send(id, text("input"));
    await a2a.waitExchange(sent.exchangeId);
    expect(taskState(sent.taskId!)).toBe("input-required");
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request).toMatchObject({ kind: "input", status: "pending", prompt: "What is your name?", contextId: sent.contextId });
    expect(request.schema).toMatchObject({ required: ["name"] });
    const answered = await a2a.answerRequest(request.id, { kind: "data", data: { name: "Ada" } });
    expect(answered.status).toBe("answered");
    await settled(sent.taskId!, "completed");
    expect(a2a.getTask(id, sent.taskId!).statusText).toBe('Thanks: {"name":"Ada"}');
    // The continuation's first frame repeats the task, still input-required: no second request.
    expect(a2a.listRequests().filter((r) => r.taskId === sent.taskId)).toHaveLength(1);
    // The continuation went out on the same task and context.
    const out = recorded(a2a.hub, id, { kind: "a2a_request" }).at(-1)!.raw as {
      body: { params: { message: { taskId: string; contextId: string } } };
    };
    expect(out.body.params.message).toMatchObject({ taskId: sent.taskId, contextId: sent.contextId });
    await expect(a2a.answerRequest(request.id, { kind: "text", text: "again" })).rejects.toMatchObject({
      code: "conflict:a2a_request_answered",
      status: 409,
    });
    const states = recorded(a2a.hub, id, { kind: "a2a_request_state" }).filter((e) => (e.raw as { id: string }).id === request.id);
    expect(states.map((e) => (e.raw as { status: string }).status)).toEqual(["pending", "answered"]);
  });

  it("auth-required is answered with a credential sent as a data part and masked in every record", async () => {
    const sent = await a2a.send(id, text("auth"));
    await a2a.waitExchange(sent.exchangeId);
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request).toMatchObject({ kind: "auth", status: "pending" });
    await a2a.answerRequest(request.id, { kind: "credential", credential: "good-token" });
    await settled(sent.taskId!, "completed");
    expect(allRecordedText(a2a.hub)).not.toContain("good-token");
  });

  it("an answer of the wrong kind is a 400 and leaves the request waiting: a credential only for auth, and only a credential", async () => {
    // Before: a key sent as text to an auth request was accepted and kept in the clear, and a
    // credential was sent as the answer to a question.
    const auth = await a2a.send(id, text("auth"));
    const input = await a2a.send(id, text("input"));
    await Promise.all([a2a.waitExchange(auth.exchangeId), a2a.waitExchange(input.exchangeId)]);
    const waiting = (taskId: string) => a2a.listRequests().find((r) => r.taskId === taskId)!;
    await expect(a2a.answerRequest(waiting(auth.taskId!).id, { kind: "text", text: "PLAINKEY-123" })).rejects.toMatchObject({
      code: "bad_request:answer_kind",
      status: 400,
    });
    await expect(a2a.answerRequest(waiting(input.taskId!).id, { kind: "credential", credential: "s3cret" })).rejects.toMatchObject({
      code: "bad_request:answer_kind",
    });
    expect([waiting(auth.taskId!).status, waiting(input.taskId!).status]).toEqual(["pending", "pending"]);
    expect(allRecordedText(a2a.hub)).not.toContain("PLAINKEY-123");
    await a2a.answerRequest(waiting(auth.taskId!).id, { kind: "credential", credential: "good-token" });
    await a2a.answerRequest(waiting(input.taskId!).id, { kind: "text", text: "Porto" });
  });

  it("a request whose task ended is stale (409)", async () => {
    const sent = await a2a.send(id, text("input"));
    await a2a.waitExchange(sent.exchangeId);
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    await a2a.cancelTask(id, sent.taskId!);
    expect(taskState(sent.taskId!)).toBe("canceled");
    expect(a2a.tasks.getRequest(request.id)?.status).toBe("stale");
    await expect(a2a.answerRequest(request.id, { kind: "text", text: "late" })).rejects.toMatchObject({
      code: "conflict:a2a_request_stale",
      status: 409,
    });
  });

  it("after a restart a pending request is stale with a reason, and answering it is 409", async () => {
    const sent = await a2a.send(id, text("input"));
    await a2a.waitExchange(sent.exchangeId);
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request.status).toBe("pending");
    const restarted = new A2aRegistry(a2a.hub);
    const after = restarted.listRequests().find((r) => r.id === request.id)!;
    expect(after).toMatchObject({ status: "stale", reason: expect.stringMatching(/Loupe restarted/) });
    await expect(restarted.answerRequest(request.id, { kind: "text", text: "late" })).rejects.toMatchObject({
      code: "conflict:a2a_request_stale",
    });
  });

  it("an answer the agent refuses because it lost the task makes the request stale with the agent's words; no Retry that cannot succeed", async () => {
    let forgetful = await startSdkAgent();
    const port = Number(new URL(forgetful.url).port);
    const view = await a2a.create({ name: "forgetful", url: forgetful.url, headers: {} });
    const sent = await a2a.send(view.id, text("auth"));
    await a2a.waitExchange(sent.exchangeId);
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    await forgetful.close();
    forgetful = await startSdkAgent(port);
    try {
      await expect(a2a.answerRequest(request.id, { kind: "credential", credential: "good-token" })).rejects.toMatchObject({
        code: "not_found:a2a_task",
        status: 404,
      });
      // Before: "failed" with a Retry that could never succeed, counted as waiting in the inbox.
      const gone = a2a.tasks.getRequest(request.id)!;
      expect(gone).toMatchObject({ status: "stale", reason: expect.stringMatching(/^The agent no longer has this task: .*task/i) });
      await expect(a2a.answerRequest(request.id, { kind: "credential", credential: "good-token" })).rejects.toMatchObject({
        code: "conflict:a2a_request_stale",
      });
    } finally {
      await forgetful.close();
    }
  });

  it("cancels a working task", async () => {
    const sent = await a2a.send(id, text("slow"));
    expect(taskState(sent.taskId!)).toBe("working");
    const detail = await a2a.cancelTask(id, sent.taskId!);
    expect(detail.state).toBe("canceled");
    await a2a.waitExchange(sent.exchangeId);
  });

  it("a stream cut mid-way is recorded dropped; resubscribe picks the task up to its end", async () => {
    agent.cutNextAfter(3);
    const sent = await a2a.send(id, text("drip"));
    await a2a.waitExchange(sent.exchangeId);
    expect(agent.cut).toBe(1);
    const events = recorded(a2a.hub, id, { kind: "a2a_stream" }).filter(
      (e) => (e.raw as { exchangeId: string }).exchangeId === sent.exchangeId,
    );
    expect(events.map((e) => (e.raw as { event: string }).event)).toEqual(["open", "dropped"]);
    expect(taskState(sent.taskId!)).toBe("working");
    const again = await a2a.resubscribe(id, sent.taskId!);
    await a2a.waitExchange(again.exchangeId);
    expect(taskState(sent.taskId!)).toBe("completed");
    const after = recorded(a2a.hub, id, { kind: "a2a_stream" }).filter(
      (e) => (e.raw as { exchangeId: string }).exchangeId === again.exchangeId,
    );
    expect(after.map((e) => (e.raw as { event: string }).event)).toEqual(["resubscribed", "closed"]);
    const frames = recorded(a2a.hub, id, { kind: "a2a_frame" }).filter(
      (e) => (e.raw as { exchangeId: string }).exchangeId === again.exchangeId,
    );
    expect((frames[0]!.raw as { method: string }).method).toBe("SubscribeToTask");
  });

  it("a malformed frame is recorded raw, and so is the frame after it; the stream closes with the reason", async () => {
    const before = recorded(a2a.hub, id, { kind: "a2a_malformed" }).length;
    const sent = await a2a.send(id, text("malformed"));
    await a2a.waitExchange(sent.exchangeId);
    const bad = recorded(a2a.hub, id, { kind: "a2a_malformed" })
      .slice(before)
      .map((e) => e.raw as { text: string; error: string; exchangeId: string });
    expect(bad).toHaveLength(2);
    expect(bad.every((b) => b.exchangeId === sent.exchangeId)).toBe(true);
    expect(bad[0]!.text).toBe("{this is not json");
    expect(bad[1]!.error).toMatch(/statusUpdate\.status is not an object/);
    const closed = recorded(a2a.hub, id, { kind: "a2a_stream" })
      .filter((e) => (e.raw as { exchangeId: string }).exchangeId === sent.exchangeId)
      .at(-1)!.raw as { event: string; error?: string };
    expect(closed.event).toBe("closed");
    expect(closed.error).toMatch(/did not fit/);
  });

  it("tasks/get refreshes Loupe's record; an unknown task is 404", async () => {
    const sent = await a2a.send(id, text("complete"));
    await a2a.waitExchange(sent.exchangeId);
    const detail = await a2a.refreshTask(id, sent.taskId!);
    expect(detail.state).toBe("completed");
    expect(detail.entrySeqs.length).toBeGreaterThan(5);
    await expect(a2a.refreshTask(id, "no-such-task")).rejects.toMatchObject({ status: 404 });
  });

  it("talks HTTP+JSON when the card prefers it", async () => {
    const view = await a2a.create({ name: "rest", url: restAgent.url, headers: {} });
    expect(view.state.transport).toBe("HTTP+JSON");
    const sent = await a2a.send(view.id, text("complete"));
    await a2a.waitExchange(sent.exchangeId);
    expect(a2a.listTasks(view.id).find((t) => t.taskId === sent.taskId)?.state).toBe("completed");
    const req = recorded(a2a.hub, view.id, { kind: "a2a_request" }).at(-1)!.raw as { method: string; transport: string };
    expect(req.transport).toBe("HTTP+JSON");
    expect(req.method).toMatch(/^POST \/a2a\/rest/);
  });

  it("speaks v0.3 to an agent whose card says 0.3: message/stream, kind-tagged frames, input-required answered", async () => {
    const view = await a2a.create({ name: "legacy", url: legacyAgent.url, headers: {} });
    expect(view.state.protocolVersion).toBe("0.3");
    const sent = await a2a.send(view.id, text("input"));
    await a2a.waitExchange(sent.exchangeId);
    const req = recorded(a2a.hub, view.id, { kind: "a2a_request" }).at(-1)!.raw as { method: string };
    expect(req.method).toBe("message/stream");
    const frames = recorded(a2a.hub, view.id, { kind: "a2a_frame" }).map(
      (e) => e.raw as { version: string; payload: { result: { kind: string } } },
    );
    expect(frames.every((f) => f.version === "0.3")).toBe(true);
    expect(frames.map((f) => f.payload.result.kind)).toContain("status-update");
    const request = a2a.listRequests().find((r) => r.taskId === sent.taskId)!;
    expect(request).toMatchObject({ kind: "input", status: "pending", prompt: "What is your name?" });
    await a2a.answerRequest(request.id, { kind: "text", text: "Grace" });
    await until(() => a2a.listTasks(view.id).find((t) => t.taskId === sent.taskId)?.state === "completed", 10_000, "completed");
    expect(a2a.getTask(view.id, sent.taskId!).statusText).toBe("Thanks: Grace");
  });

  it("verifies a signed card against its jku key set with the SDK's verifier; a card changed after signing fails", async () => {
    const signed = await startSdkAgent(0, { signed: "valid" });
    try {
      const ok = await a2a.create({ name: "signed", url: signed.url, headers: {} });
      expect(ok.state.findings).toContainEqual({
        severity: "info",
        path: "/signatures",
        message: `Signature verified with key k1 from ${signed.url}/jwks.json`,
      });
    } finally {
      await signed.close();
    }
    const tampered = await startSdkAgent(0, { signed: "tampered" });
    try {
      const bad = await a2a.create({ name: "tampered", url: tampered.url, headers: {} });
      expect(bad.state.findings).toContainEqual({
        severity: "error",
        path: "/signatures",
        message: `No signature verifies against the keys at ${tampered.url}/jwks.json`,
      });
    } finally {
      await tampered.close();
    }
  });

  it("an agent that is down: the card fetch is 502 a2a_unreachable, kept in the state; a missing card is 404", async () => {
    const down = await a2a.create({ name: "down", url: "http://127.0.0.1:7149", headers: {} });
    expect(down.state).toMatchObject({ status: "error" });
    await expect(a2a.refreshCard(down.id)).rejects.toMatchObject({ code: "upstream:a2a_unreachable", status: 502 });
    await expect(a2a.send(down.id, text("complete"))).rejects.toMatchObject({ code: "upstream:a2a_unreachable" });
    const missing = await a2a.create({ name: "nocard", url: `${agent.url}/nothing-here`, headers: {} });
    await expect(a2a.refreshCard(missing.id)).rejects.toMatchObject({ code: "not_found:a2a_card", status: 404 });
  });
});
