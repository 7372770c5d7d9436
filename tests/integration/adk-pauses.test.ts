/**
 * Issue 9 §1 against the real ADK JS api_server, with agents written for these tests
 * (tests/adk/agents: pause_lab, gate_twice): parallel confirmations answered one by one, a workflow
 * gate run twice (same call id), and answers the server refuses (error frame, HTTP 404).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { InboxItem, InterruptAnswer, RunRecord } from "@/lib/contracts/agents";
import type { AnswerResult } from "@/lib/server/adk/answers";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { AgentStore } from "@/lib/server/adk/agent-store";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { allRecordedText, recorded } from "@/lib/server/adk/test-support";
import { OAUTH_CLIENT_SECRET } from "@/tests/adk/agents/oauth_gate/agent";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-adk-pauses-");
let server: AgentServer;
let agents: AgentRegistry;
let id = "";

beforeAll(async () => {
  server = await startAgentServer({
    port: 0,
    preload: true,
    env: SCRIPTED_ONLY,
    agentsDir: path.resolve(import.meta.dirname, "../adk/agents"),
  });
  agents = new AgentRegistry(new Hub(openStore(data.dir)));
  id = (await agents.create({ name: "lab", url: server.url, headers: {}, userId: "u1" })).id;
}, 60_000);

afterAll(async () => {
  await agents.closeAll();
  agents.hub.store.close();
  await server.stop();
  data.cleanup();
});

async function finished(run: RunRecord | undefined): Promise<RunRecord> {
  expect(run).toBeDefined();
  return (await agents.waitRun(run!.id))!;
}

async function runText(app: string, sid: string, text: string): Promise<string> {
  const run = agents.run(id, app, sid, { parts: [{ text }], streaming: false });
  expect((await finished(run)).status).toBe("completed");
  return adkSessionKey(app, "u1", sid);
}

function send(item: InboxItem, answer: InterruptAnswer): Promise<AnswerResult> {
  return agents.answer(id, { sessionKey: item.sessionKey, interruptId: item.id, interruptKey: item.key, answer, streaming: false });
}

const inboxOf = (sessionKey: string): InboxItem[] => agents.listInbox().filter((i) => i.sessionKey === sessionKey);
const byKey = (sessionKey: string, key: string): InboxItem | undefined => inboxOf(sessionKey).find((i) => i.key === key);
/** By call id, where the call ids differ (parallel pauses). */
const byId = (sessionKey: string, callId: string): InboxItem | undefined => inboxOf(sessionKey).find((i) => i.id === callId);

/** Re-reads the stored session, as the browser does after every run (its events replace the tracker's). */
async function refetch(app: string, sid: string): Promise<unknown[]> {
  return (await agents.getSession(id, app, sid)).events;
}

describe("parallel pauses are separate", () => {
  it("two confirmations of one model turn: answering one leaves the other pending and answerable", async () => {
    await agents.createSession(id, "pause_lab", { sessionId: "par" });
    const key = await runText("pause_lab", "par", "two");
    const pending = inboxOf(key).filter((i) => i.kind === "confirmation" && i.status === "pending");
    expect(pending).toHaveLength(2);
    const [a, b] = pending.sort((x, y) => JSON.stringify(x.payload).localeCompare(JSON.stringify(y.payload)));
    expect(a!.payload).toEqual({ path: "/tmp/a.log" });
    expect(b!.payload).toEqual({ path: "/tmp/b.log" });
    expect(a!.eventId).toBe(b!.eventId);

    const first = await send(a!, { kind: "confirmation", confirmed: true });
    expect((await finished(first.run)).status).toBe("completed");
    await refetch("pause_lab", "par");
    expect(byId(key, a!.id)?.status).toBe("answered");
    expect(byId(key, b!.id)?.status).toBe("pending");

    const second = await send(b!, { kind: "confirmation", confirmed: true });
    expect(second.answer.status).toBe("sent");
    const run = await finished(second.run);
    expect(run.status).toBe("completed");
    const events = JSON.stringify(await refetch("pause_lab", "par"));
    expect(events).toContain('"deleted":"/tmp/b.log"');
    expect(events).toContain("Results so far: /tmp/a.log, /tmp/b.log.");
    expect(byId(key, a!.id)?.status).toBe("answered");
    expect(byId(key, b!.id)).toMatchObject({ status: "answered", answer: { confirmed: true }, lastAnswer: { id: second.answer.id } });
  });
});

describe("a reused call id is a new request", () => {
  it("a workflow gate run twice: the second request is pending with no answer; answering it works", async () => {
    await agents.createSession(id, "gate_twice", { sessionId: "gate" });
    const key = await runText("gate_twice", "gate", "go");
    const [first] = inboxOf(key);
    expect(first).toMatchObject({ kind: "credential", id: "gate_key", status: "pending" });
    const res1 = await send(first!, { kind: "credential", apiKey: "key-one" });
    expect((await finished(res1.run)).status).toBe("completed");

    await runText("gate_twice", "gate", "go again");
    for (const when of ["live", "after the stored session is re-read"]) {
      if (when !== "live") await refetch("gate_twice", "gate");
      const items = inboxOf(key);
      expect(items, when).toHaveLength(2);
      const old = items.find((i) => i.key === first!.key)!;
      const fresh = items.find((i) => i.key !== first!.key)!;
      expect(fresh.id, when).toBe("gate_key");
      expect(old, when).toMatchObject({ status: "answered", lastAnswer: { id: res1.answer.id, status: "sent" } });
      expect(fresh.status, when).toBe("pending");
      expect(fresh.lastAnswer, when).toBeUndefined();
      expect(fresh.answer, when).toBeUndefined();
    }
    const fresh = inboxOf(key).find((i) => i.key !== first!.key)!;
    const res2 = await send(fresh, { kind: "credential", apiKey: "key-two" });
    expect(res2.answer).toMatchObject({ status: "sent", interruptId: "gate_key", interruptKey: fresh.key });
    expect((await finished(res2.run)).status).toBe("completed");
    await refetch("gate_twice", "gate");
    expect(byKey(key, fresh.key)).toMatchObject({ status: "answered", lastAnswer: { id: res2.answer.id } });
    expect(byKey(key, first!.key)).toMatchObject({ status: "answered", lastAnswer: { id: res1.answer.id } });
    // After a restart the answers still belong to their own requests.
    const reopened = new AgentRegistry(agents.hub);
    const again = reopened.listInbox().filter((i) => i.sessionKey === key);
    expect(again.find((i) => i.key === fresh.key)?.lastAnswer?.id).toBe(res2.answer.id);
    expect(again.find((i) => i.key === first!.key)?.lastAnswer?.id).toBe(res1.answer.id);
  });
});

describe("a deleted session", () => {
  it("its pending requests do not come back after a restart, and a new session of the same id starts clean", async () => {
    await agents.createSession(id, "pause_lab", { sessionId: "gone-for-good" });
    const key = await runText("pause_lab", "gone-for-good", "two");
    expect(inboxOf(key).filter((i) => i.status === "pending")).toHaveLength(2);
    await agents.deleteSession(id, "pause_lab", "gone-for-good");
    expect(inboxOf(key)).toHaveLength(0);

    const reopened = new AgentRegistry(agents.hub);
    expect(reopened.listInbox().filter((i) => i.sessionKey === key)).toHaveLength(0);
    // The same id again: only the new session's own requests.
    await reopened.createSession(id, "pause_lab", { sessionId: "gone-for-good" });
    const again = reopened.run(id, "pause_lab", "gone-for-good", { parts: [{ text: "hello" }], streaming: false });
    expect((await reopened.waitRun(again.id))?.status).toBe("completed");
    expect(reopened.listInbox().filter((i) => i.sessionKey === key)).toHaveLength(0);
    expect((await reopened.getSession(id, "pause_lab", "gone-for-good")).unstored).toEqual([]);
    await reopened.closeAll();
  });
});

describe("answers stored before interrupt keys existed (a data dir of the previous version)", () => {
  it("Retry of a failed keyless answer never goes to a later request that reuses its call id", async () => {
    await agents.createSession(id, "gate_twice", { sessionId: "legacy" });
    const key = await runText("gate_twice", "legacy", "go");
    const [first] = inboxOf(key);
    const res1 = await send(first!, { kind: "credential", apiKey: "key-one" });
    expect((await finished(res1.run)).status).toBe("completed");
    await runText("gate_twice", "legacy", "go again");
    // A failed answer to the first gate as the previous version stored it: no interruptKey.
    new AgentStore(agents.hub.store).saveAnswer({
      id: "legacy-answer",
      agentId: id,
      sessionKey: key,
      interruptId: "gate_key",
      answer: { kind: "credential", apiKey: "old-run-key" },
      status: "failed",
      error: { code: "upstream:agent_run", message: "fetch failed" },
      createdAt: Date.now(),
    });
    const reopened = new AgentRegistry(agents.hub);
    const fresh = reopened.listInbox().find((i) => i.sessionKey === key && i.key !== first!.key)!;
    expect(fresh).toMatchObject({ id: "gate_key", status: "pending" });
    expect(fresh.lastAnswer).toBeUndefined();
    await expect(reopened.retry(id, "legacy-answer")).rejects.toMatchObject({ code: "conflict:answer_legacy" });
    const events = JSON.stringify((await reopened.getSession(id, "gate_twice", "legacy")).events);
    expect(events).not.toContain("old-run-key");
    expect(reopened.listInbox().find((i) => i.key === fresh.key)?.status).toBe("pending");
    await reopened.closeAll();
  });
});

describe("a refused answer says so", () => {
  it("IntentMismatchError in the first frame: failed with the server's words, still failed after the session is re-read", async () => {
    await agents.createSession(id, "pause_lab", { sessionId: "refuse" });
    const key = await runText("pause_lab", "refuse", "dynamic");
    const [item] = inboxOf(key).filter((i) => i.kind === "confirmation");
    expect(item?.status).toBe("pending");
    const res = await send(item!, { kind: "confirmation", confirmed: true });
    const words = /Tool confirmation rejected for function call '.+': confirmation_not_required\./;
    expect(res.answer.status).toBe("failed");
    expect(res.answer.error).toMatchObject({ code: "upstream:agent_stream_error" });
    expect(res.answer.error?.message).toMatch(words);
    expect((await finished(res.run)).status).toBe("failed");
    expect(byKey(key, item!.key)?.status).toBe("failed");

    // ADK stored the user's functionResponse before refusing it: that is not an accepted answer.
    const events = await refetch("pause_lab", "refuse");
    expect(JSON.stringify(events)).toContain(`"functionResponse":{"id":"${item!.id}"`);
    const shown = byKey(key, item!.key)!;
    expect(shown.status).toBe("failed");
    expect(shown.lastAnswer).toMatchObject({ id: res.answer.id, status: "failed" });
    expect(shown.lastAnswer?.error?.message).toMatch(words);
    const inboxEntry = recorded(agents.hub, id, { sessionKey: key, kind: "inbox" }).at(-1)!;
    expect((inboxEntry.raw as { items: InboxItem[] }).items.find((i) => i.key === item!.key)?.status).toBe("failed");

    // Retry re-sends the kept answer; the server refuses it again, and it says so again.
    const retried = await agents.retry(id, res.answer.id);
    expect(retried.answer.status).toBe("failed");
    expect(retried.answer.error?.message).toMatch(words);
    await finished(retried.run);
    await refetch("pause_lab", "refuse");
    expect(byKey(key, item!.key)?.status).toBe("failed");
  });

  it("a refused answer followed by a new user turn is stale, not a Failed with Retry forever", async () => {
    await agents.createSession(id, "pause_lab", { sessionId: "refuse-then-talk" });
    const key = await runText("pause_lab", "refuse-then-talk", "dynamic");
    const [item] = inboxOf(key).filter((i) => i.kind === "confirmation");
    const res = await send(item!, { kind: "confirmation", confirmed: true });
    expect(res.answer.status).toBe("failed");
    await finished(res.run);
    await refetch("pause_lab", "refuse-then-talk");
    expect(byKey(key, item!.key)?.status).toBe("failed");

    // The user moves on: the session is past this request, whatever Loupe's last send did.
    await runText("pause_lab", "refuse-then-talk", "hello there");
    for (const when of ["live", "after the stored session is re-read"]) {
      if (when !== "live") await refetch("pause_lab", "refuse-then-talk");
      expect(byKey(key, item!.key)?.status, when).toBe("stale");
    }
    await expect(agents.retry(id, res.answer.id)).rejects.toMatchObject({ code: "conflict:interrupt_stale" });
  });

  it("an HTTP 404 from /run_sse: failed with the server's words", async () => {
    await agents.createSession(id, "pause_lab", { sessionId: "gone" });
    const key = await runText("pause_lab", "gone", "two");
    const [item] = inboxOf(key).filter((i) => i.status === "pending");
    expect((await fetch(`${server.url}/apps/pause_lab/users/u1/sessions/gone`, { method: "DELETE" })).status).toBe(204);
    const res = await send(item!, { kind: "confirmation", confirmed: true });
    expect(res.answer.status).toBe("failed");
    expect(res.answer.error?.message).toContain("Session not found");
    expect(byId(key, item!.id)).toMatchObject({ status: "failed", lastAnswer: { status: "failed" } });
  });
});

describe("an OAuth client secret in a credential request is masked", () => {
  it("entries, inbox rows and the session GET never show it; an answer after a restart still sends the real one", async () => {
    await agents.createSession(id, "oauth_gate", { sessionId: "oauth" });
    const key = await runText("oauth_gate", "oauth", "my calendar");
    const [item] = inboxOf(key);
    expect(item).toMatchObject({ kind: "credential", schemeType: "oauth2", status: "pending" });
    if (item?.kind !== "credential") throw new Error("expected a credential request");
    expect(item.authUri).toContain("https://idp.example/authorize?client_id=loupe-test-client");
    const session = await agents.getSession(id, "oauth_gate", "oauth");
    const shown = [allRecordedText(agents.hub), JSON.stringify(agents.listInbox()), JSON.stringify(session)];
    for (const text of shown) {
      expect(text).not.toContain(OAUTH_CLIENT_SECRET);
      expect(text).toContain(`"clientSecret":"${SECRET_MASK}"`);
    }

    // After a restart the inbox knows the request only from the masked entries.
    const reopened = new AgentRegistry(agents.hub);
    const again = reopened.listInbox().find((i) => i.key === item.key)!;
    const res = await reopened.answer(id, {
      sessionKey: key,
      interruptId: again.id,
      interruptKey: again.key,
      answer: {
        kind: "credential_oauth",
        authResponseUri: "http://127.0.0.1/callback?code=abc&state=s",
        redirectUri: "http://127.0.0.1/callback",
      },
      streaming: false,
    });
    await reopened.waitRun(res.run!.id);
    const stored = (await (await fetch(`${server.url}/apps/oauth_gate/users/u1/sessions/oauth`)).json()) as { events: unknown[] };
    const sent = JSON.stringify(
      stored.events.filter((e) => JSON.stringify(e).includes('"functionResponse"') && (e as { author: string }).author === "user"),
    );
    expect(sent).toContain(OAUTH_CLIENT_SECRET);
    expect(sent).not.toContain(SECRET_MASK);
    expect(allRecordedText(agents.hub)).not.toContain(OAUTH_CLIENT_SECRET);
    await reopened.closeAll();
  });
});
