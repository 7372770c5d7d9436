import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { InboxItem, InterruptAnswer, RunRecord } from "@/lib/contracts/agents";
import type { AnswerResult } from "@/lib/server/adk/answers";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { allRecordedText, recorded } from "@/lib/server/adk/test-support";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, findFreePort, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import { startHoldingGateway } from "@/tests/support/holding-gateway";

const data = tempDir("loupe-adk-answers-");
const API_KEY = "sk-very-secret-4711";
let server: AgentServer;
let agents: AgentRegistry;
let id = "";

beforeAll(async () => {
  server = await startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY });
  agents = new AgentRegistry(new Hub(openStore(data.dir)));
  id = (await agents.create({ name: "demo", url: server.url, headers: {}, userId: "u1" })).id;
});

afterAll(async () => {
  await agents.closeAll();
  agents.hub.store.close();
  await server.stop();
  data.cleanup();
});

/** A fresh session, one message run to its end; returns the session key. */
async function pausedSession(app: string, sid: string, text: string): Promise<string> {
  await agents.createSession(id, app, { sessionId: sid });
  const run = agents.run(id, app, sid, { parts: [{ text }], streaming: false });
  expect((await agents.waitRun(run.id))?.status).toBe("completed");
  return adkSessionKey(app, "u1", sid);
}

function send(sessionKey: string, interruptId: string, answer: InterruptAnswer): Promise<AnswerResult> {
  return agents.answer(id, { sessionKey, interruptId, answer, streaming: false });
}

function inboxOf(sessionKey: string): InboxItem[] {
  return agents.listInbox().filter((i) => i.sessionKey === sessionKey);
}

function pendingOf(sessionKey: string, kind: InboxItem["kind"]): InboxItem {
  const found = inboxOf(sessionKey).filter((i) => i.kind === kind && i.status === "pending");
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function finished(run: RunRecord | undefined): Promise<RunRecord> {
  expect(run).toBeDefined();
  return (await agents.waitRun(run!.id))!;
}

function eventsText(sessionKey: string, runId: string): string {
  const entries = recorded(agents.hub, id, { sessionKey });
  const start = entries.findIndex((e) => e.kind === "user_message" && (e.raw as { runId: string }).runId === runId);
  return JSON.stringify(
    entries
      .slice(start)
      .filter((e) => e.kind === "event")
      .map((e) => e.raw),
  );
}

describe("answering interrupts through answer()", () => {
  it("confirmation with an edited payload: the tool runs with the edited path", async () => {
    const key = await pausedSession("loupe_demo", "s-confirm", "delete");
    const item = pendingOf(key, "confirmation");
    expect(item).toMatchObject({ callName: "adk_request_confirmation", payload: { path: "/tmp/old.log" } });
    expect(item).toMatchObject({ agentName: "demo", appName: "loupe_demo", userId: "u1", sessionId: "s-confirm" });
    const inboxEntries = recorded(agents.hub, id, { sessionKey: key, kind: "inbox" });
    expect((inboxEntries.at(-1)!.raw as { items: InboxItem[] }).items.map((i) => i.status)).toEqual(["pending"]);

    const res = await send(key, item.id, { kind: "confirmation", confirmed: true, payload: { path: "/tmp/edited.log" } });
    expect(res.answer).toMatchObject({ status: "sent", interruptId: item.id, sessionKey: key, runId: res.run?.id });
    const run = await finished(res.run);
    expect(run).toMatchObject({ status: "completed", answersInterruptId: item.id });
    expect(eventsText(key, run.id)).toContain('"deleted":"/tmp/edited.log"');
    const after = inboxOf(key).find((i) => i.id === item.id)!;
    expect(after.status).toBe("answered");
    expect(after.lastAnswer).toMatchObject({ id: res.answer.id, status: "sent" });
    await expect(send(key, item.id, { kind: "confirmation", confirmed: false })).rejects.toMatchObject({
      code: "conflict:interrupt_answered",
      status: 409,
    });
  });

  it("one pause seen by two saved agents of the same server gets one answer: the other view is told it was answered", async () => {
    // Before: each agent claimed its own request, and a reject and an approve both reached the call.
    const key = await pausedSession("loupe_demo", "s-twice", "delete");
    const twin = (await agents.create({ name: "demo again", url: server.url, headers: {}, userId: "u1" })).id;
    try {
      await agents.getSession(twin, "loupe_demo", "s-twice", "u1");
      const waiting = (agentId: string) =>
        agents.listInbox().find((i) => i.agentId === agentId && i.sessionKey === key && i.status === "pending")!;
      const [item, again] = [waiting(id), waiting(twin)];
      expect(again.id).toBe(item.id);
      const answers = await Promise.allSettled([
        send(key, item.id, { kind: "confirmation", confirmed: false }),
        agents.answer(twin, {
          sessionKey: key,
          interruptId: again.id,
          answer: { kind: "confirmation", confirmed: true },
          streaming: false,
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual(["fulfilled", "rejected"]);
      const lost = answers.find((a): a is PromiseRejectedResult => a.status === "rejected")!;
      expect(lost.reason).toMatchObject({
        code: "conflict:interrupt_answered",
        status: 409,
        message: expect.stringMatching(/already answered by/),
      });
      const won = answers.find((a): a is PromiseFulfilledResult<AnswerResult> => a.status === "fulfilled")!;
      await finished(won.value.run);
      // One function response reached the call, in the server's own session.
      const session = await agents.getSession(id, "loupe_demo", "s-twice", "u1");
      const responses = JSON.stringify(session.events).match(/"functionResponse":\{[^}]*"name":"adk_request_confirmation"/g) ?? [];
      expect(responses).toHaveLength(1);
    } finally {
      await agents.remove(twin);
    }
  });

  it("long-running tool: the client's final result lets the model continue", async () => {
    const key = await pausedSession("loupe_demo", "s-job", "job");
    const item = pendingOf(key, "long_running");
    expect(item.callName).toBe("start_job");
    await expect(send(key, item.id, { kind: "input", value: "x" })).rejects.toMatchObject({ code: "bad_request:answer_kind" });
    const res = await send(key, item.id, { kind: "long_running", response: { status: "done", rows: 1234 } });
    const run = await finished(res.run);
    expect(run.status).toBe("completed");
    expect(run.eventCount).toBeGreaterThan(0);
    const user = recorded(agents.hub, id, { sessionKey: key, kind: "user_message" }).at(-1)!;
    expect(user.raw).toEqual({
      runId: run.id,
      newMessage: {
        role: "user",
        parts: [{ functionResponse: { id: item.id, name: "start_job", response: { status: "done", rows: 1234 } } }],
      },
    });
    expect(inboxOf(key).find((i) => i.id === item.id)?.status).toBe("answered");
  });

  it("API-key credential: the tool gets the key, which appears nowhere in entries, inbox or session", async () => {
    const key = await pausedSession("loupe_demo", "s-secure", "secure");
    const item = pendingOf(key, "credential");
    expect(item).toMatchObject({ callName: "adk_request_credential", credentialKey: "demo_api_key", schemeType: "apiKey" });
    const res = await send(key, item.id, { kind: "credential", apiKey: API_KEY });
    expect(res.answer.answer).toEqual({ kind: "credential", apiKey: SECRET_MASK });
    const run = await finished(res.run);
    expect(run.status).toBe("completed");
    expect(eventsText(key, run.id)).toContain('"keyPrefix":"sk-"');
    const user = recorded(agents.hub, id, { sessionKey: key, kind: "user_message" }).at(-1)!;
    expect(JSON.stringify(user.raw)).toContain(`"apiKey":"${SECRET_MASK}"`);
    const session = await agents.getSession(id, "loupe_demo", "s-secure");
    const inbox = agents.listInbox();
    expect(inbox.find((i) => i.id === item.id)?.status).toBe("answered");
    for (const text of [allRecordedText(agents.hub), JSON.stringify(inbox), JSON.stringify(session), JSON.stringify(res)]) {
      expect(text).not.toContain(API_KEY);
    }
  });

  it("workflow input: an object matching response_schema feeds the next node", async () => {
    const key = await pausedSession("workflow_demo", "s-wf", "start");
    const item = pendingOf(key, "input");
    expect(item).toMatchObject({ callName: "adk_request_input", prompt: "What is your favorite color?" });
    expect(item.schema).toMatchObject({ type: "object", required: ["color"] });
    const res = await send(key, item.id, { kind: "input", value: { color: "green" } });
    const run = await finished(res.run);
    expect(run.status).toBe("completed");
    expect(eventsText(key, run.id)).toContain("green");
    const items = inboxOf(key);
    expect(items.find((i) => i.id === item.id)?.status).toBe("answered");
    // The workflow goes on to its auth gate: the next pause (camelCase credential args).
    expect(items.filter((i) => i.kind === "credential" && i.status === "pending")).toHaveLength(1);
  });
});

describe("stale interrupts and failed sends", () => {
  it("an interrupt the session moved past is stale: 409 conflict:interrupt_stale", async () => {
    const key = await pausedSession("loupe_demo", "s-stale", "delete");
    const item = pendingOf(key, "confirmation");
    const next = agents.run(id, "loupe_demo", "s-stale", { parts: [{ text: "weather in Paris" }], streaming: false });
    await finished(next);
    expect(inboxOf(key).find((i) => i.id === item.id)?.status).toBe("stale");
    await expect(send(key, item.id, { kind: "confirmation", confirmed: true })).rejects.toMatchObject({
      code: "conflict:interrupt_stale",
      status: 409,
    });
    await expect(send(key, "nope", { kind: "confirmation", confirmed: true })).rejects.toMatchObject({
      code: "not_found:interrupt",
      status: 404,
    });
  });

  it("a send that fails is kept as failed with its reason, and retry re-sends it", async () => {
    const key = await pausedSession("loupe_demo", "s-retry", "job");
    const item = pendingOf(key, "long_running");
    const dead = await findFreePort();
    await agents.update(id, { name: "demo", url: `http://127.0.0.1:${dead}`, headers: {}, userId: "u1" });
    const failed = await send(key, item.id, { kind: "long_running", response: { status: "done", rows: 7 } });
    expect(failed.answer.status).toBe("failed");
    expect(failed.answer.error?.message).toBe(`cannot reach http://127.0.0.1:${dead}: connection refused`);
    expect((await finished(failed.run)).status).toBe("failed");
    const shown = inboxOf(key).find((i) => i.id === item.id)!;
    expect(shown.status).toBe("failed");
    expect(shown.lastAnswer).toMatchObject({ id: failed.answer.id, status: "failed" });
    expect(agents.listInbox().findIndex((i) => i.id === item.id)).toBeLessThan(
      agents.listInbox().findIndex((i) => i.status === "answered"),
    );

    await agents.update(id, { name: "demo", url: server.url, headers: {}, userId: "u1" });
    const retried = await agents.retry(id, failed.answer.id);
    expect(retried.answer).toMatchObject({
      id: failed.answer.id,
      status: "sent",
      answer: { kind: "long_running", response: { status: "done", rows: 7 } },
    });
    expect(retried.answer.error).toBeUndefined();
    expect((await finished(retried.run)).status).toBe("completed");
    expect(inboxOf(key).find((i) => i.id === item.id)).toMatchObject({ status: "answered", lastAnswer: { status: "sent" } });
    await expect(agents.retry(id, failed.answer.id)).rejects.toMatchObject({ code: "conflict:answer_sent" });
  });

  it("an error frame from the agent fails the answer with the agent's own message", async () => {
    const key = await pausedSession("loupe_demo", "s-forgot", "job");
    const item = pendingOf(key, "long_running");
    // Behind Loupe's back the session is replaced by an empty one: the call no longer exists upstream.
    const path = `${server.url}/apps/loupe_demo/users/u1/sessions/s-forgot`;
    expect((await fetch(path, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(200);
    const res = await send(key, item.id, { kind: "long_running", response: { status: "done" } });
    expect(res.answer).toMatchObject({
      status: "failed",
      error: { code: "upstream:agent_stream_error", message: `No function call event found for function responses ids: ${item.id}` },
    });
    const run = await finished(res.run);
    expect(run).toMatchObject({ status: "failed", error: { code: "upstream:agent_stream_error" } });
    expect(recorded(agents.hub, id, { sessionKey: key, kind: "stream_error" })).toHaveLength(1);
    expect(inboxOf(key).find((i) => i.id === item.id)?.status).toBe("failed");
  });

  it("rebuilds the inbox from the recorded entries after a restart", () => {
    const reopened = new AgentRegistry(agents.hub);
    const before = agents.listInbox().map((i) => [i.id, i.kind, i.status]);
    const after = reopened.listInbox().map((i) => [i.id, i.kind, i.status]);
    expect(after).toEqual(before);
  });
});

describe("an answer Loupe stopped while sending", () => {
  it("is failed at the next start, and its Retry is not blocked by the claims it never gave back (the request's, the server's pause)", async () => {
    const key = await pausedSession("loupe_demo", "s-restart", "job");
    const item = pendingOf(key, "long_running");
    // A gateway in front of the agent server that holds the first run (the answer is being sent when
    // Loupe stops) and passes everything else through: the Retry reaches the same server, whose pause
    // the stopped answer still holds.
    const gateway = await startHoldingGateway(server.url, (req, held) => (req.url?.startsWith("/run_sse") ?? false) && held.length === 0);
    const held = gateway.held;
    const viaGateway = { name: "demo", url: gateway.url, headers: {}, userId: "u1" };
    await agents.update(id, viaGateway);
    const sending = send(key, item.id, { kind: "long_running", response: { status: "done", rows: 3 } });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // "Restart": the next Loupe on the same store. The stopped one never gave its claims back (the
    // first round's, of the request and of the server's pause).
    const next = new AgentRegistry(agents.hub);
    try {
      const failed = next.listInbox().find((i) => i.key === item.key);
      expect(failed).toMatchObject({
        status: "failed",
        lastAnswer: { status: "failed", error: { code: "internal:loupe_restarted", message: "Loupe stopped before this finished" } },
      });
      const retried = await next.retry(id, failed!.lastAnswer!.id);
      expect(retried.answer).toMatchObject({ status: "sent", answer: { kind: "long_running", response: { status: "done", rows: 3 } } });
      expect((await next.waitRun(retried.run!.id))?.status).toBe("completed");
      expect(next.listInbox().find((i) => i.key === item.key)).toMatchObject({ status: "answered", lastAnswer: { status: "sent" } });
    } finally {
      await next.closeAll();
      await agents.closeAll();
      await sending;
      for (const res of held) res.destroy();
      await agents.update(id, { ...viaGateway, url: server.url });
      await gateway.close();
    }
  });
});
