/**
 * Issue 24 against the real ADK JS api_server: a case recorded from a session that paused twice in
 * one step (two confirmations) and for a credential is replayed with the human's recorded answers —
 * it passes against the same agent and fails, in words, against versions that change a tool's
 * arguments, skip a pause or pause somewhere new (tests/adk/replay-lab.ts).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentCaseTurn } from "@/lib/contracts/agent-cases";
import type { InboxItem } from "@/lib/contracts/agents";
import { adkCaseTurns } from "@/lib/protocols/adk/case";
import { AgentRegistry } from "@/lib/server/adk/agents";
import { replayAdkCase } from "@/lib/server/adk/case-driver";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-adk-case-replay-");
let server: AgentServer;
let agents: AgentRegistry;
let id = "";
let turns: AgentCaseTurn[] = [];
const KEY = "report-key-77";

async function settle(runId: string | undefined): Promise<void> {
  expect(runId).toBeDefined();
  expect((await agents.waitRun(runId!))?.status).toBe("completed");
}

const pending = (sessionKey: string): InboxItem[] =>
  agents.listInbox().filter((i) => i.sessionKey === sessionKey && i.status === "pending");

/** A human's session with replay_lab: two confirmations in one step, then an API key. */
async function recordSession(): Promise<unknown[]> {
  const sid = (await agents.createSession(id, "replay_lab")).id;
  const run = agents.run(id, "replay_lab", sid, { parts: [{ text: "clean up" }], streaming: false });
  await settle(run.id);
  const two = pending(run.sessionKey);
  expect(two.map((i) => i.kind)).toEqual(["confirmation", "confirmation"]);
  for (const item of two) {
    const res = await agents.answer(id, {
      sessionKey: run.sessionKey,
      interruptId: item.id,
      interruptKey: item.key,
      answer: { kind: "confirmation", confirmed: true },
      streaming: false,
    });
    await settle(res.run?.id);
  }
  await settle(agents.run(id, "replay_lab", sid, { parts: [{ text: "report" }], streaming: false }).id);
  const [cred] = pending(run.sessionKey);
  expect(cred?.kind).toBe("credential");
  const res = await agents.answer(id, {
    sessionKey: run.sessionKey,
    interruptId: cred!.id,
    interruptKey: cred!.key,
    answer: { kind: "credential", apiKey: KEY },
    streaming: false,
  });
  await settle(res.run?.id);
  return (await agents.getSession(id, "replay_lab", sid)).events;
}

beforeAll(async () => {
  server = await startAgentServer({
    port: 0,
    preload: true,
    env: SCRIPTED_ONLY,
    agentsDir: path.resolve(import.meta.dirname, "../adk/agents"),
  });
  agents = new AgentRegistry(new Hub(openStore(data.dir)));
  id = (await agents.create({ name: "lab", url: server.url, headers: {}, userId: "u1" })).id;
  turns = adkCaseTurns(await recordSession());
}, 90_000);

afterAll(async () => {
  await agents?.closeAll();
  agents?.hub.store.close();
  await server?.stop();
  data.cleanup();
});

const replay = (appName: string) => replayAdkCase(agents, { agentId: id, appName, credentials: { report_key: KEY } }, turns);

describe("a case recorded from an ADK session", () => {
  it("keeps each turn's input, its pauses with the human's answers, its tool calls and its final response", () => {
    expect(turns).toHaveLength(2);
    expect(turns[0]).toMatchObject({
      input: [{ text: "clean up" }],
      pauses: [
        { kind: "confirmation", name: "delete_file", answer: { kind: "confirmation", confirmed: true } },
        { kind: "confirmation", name: "delete_file", answer: { kind: "confirmation", confirmed: true } },
      ],
      toolCalls: [
        { name: "delete_file", args: { path: "/tmp/a.log" } },
        { name: "delete_file", args: { path: "/tmp/b.log" } },
      ],
      finalResponse: "Deleted: /tmp/a.log, /tmp/b.log.",
    });
    // Loupe never keeps the key: the recorded answer is masked and the replay is handed the key.
    expect(turns[1]).toMatchObject({
      pauses: [{ kind: "credential", name: "report_key", answer: { kind: "credential" } }],
      toolCalls: [{ name: "fetch_report", args: { name: "weekly" } }],
      finalResponse: "The weekly report has 3 rows.",
    });
    expect(JSON.stringify(turns)).not.toContain(KEY);
  });
});

describe("replaying it", () => {
  it("passes against the same agent: every pause answered, same trajectory and responses", async () => {
    const report = await replay("replay_lab");
    expect(report.problems).toEqual([]);
    expect(report.turns.map((t) => t.toolCalls)).toEqual(turns.map((t) => t.toolCalls));
    expect(report.turns.map((t) => t.finalResponse)).toEqual(turns.map((t) => t.finalResponse));
    expect(report.turns[0]!.pauses).toHaveLength(2);
  }, 60_000);

  it("a changed tool argument shows in the trajectory, with both pauses still answered", async () => {
    const report = await replay("replay_args");
    expect(report.problems).toEqual([]);
    expect(report.turns[0]!.toolCalls[1]).toEqual({ name: "delete_file", args: { path: "/tmp/c.log" } });
  }, 60_000);

  it("a recorded pause that never comes fails the case in words", async () => {
    const report = await replay("replay_skip");
    expect(report.problems).toEqual(["In turn 2 the recorded pause 1 (credential on report_key) never came."]);
  }, 60_000);

  it("a pause somewhere new fails the case in words", async () => {
    const report = await replay("replay_new");
    expect(report.problems).toEqual([
      "In turn 2 the agent paused for confirmation on fetch_report where the case expected credential on report_key (pause 1).",
    ]);
  }, 60_000);

  it("without the masked key the replay says it needs it", async () => {
    const report = await replayAdkCase(agents, { agentId: id, appName: "replay_lab" }, turns);
    expect(report.problems).toEqual(["In turn 2 the credential for report_key was recorded masked; the replay needs its key."]);
  }, 60_000);
});
