/**
 * Issue 24 against the real ADK JS api_server: a case saved from a session that paused twice in one
 * step (two confirmations) and for a credential, run by the runner through ADK's testing driver with
 * the human's recorded answers. It passes against the same agent and fails, in words, once the agent
 * changes its tool arguments, skips a pause or pauses somewhere new (tests/adk/replay-lab.ts: the
 * test rewrites the agent's version file between runs).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxItem } from "@/lib/contracts/agents";
import type { Run, TestCase } from "@/lib/contracts/testing";
import { getAgents } from "@/lib/server/adk/agents";
import { credentialEnvName } from "@/lib/server/adk/testing";
import { adkSessionKey } from "@/lib/contracts/agents";
import { adkAdapter } from "@/lib/server/adk/adapter";
import { getInbox } from "@/lib/server/inbox";
import { driverFor, getTesting } from "@/lib/server/testing/service";
import { stoppedAtFirstPause } from "@/tests/support/replay-io";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { tempDir } from "@/tests/support/servers";
import * as cases from "@/app/api/tests/cases/route";
import * as suites from "@/app/api/tests/suites/route";
import * as runs from "@/app/api/tests/suites/[suiteId]/runs/route";
import * as evalsets from "@/app/api/agents/[id]/evalsets/route";

const data = tempDir("loupe-adk-case-replay-");
process.env.LOUPE_DATA_DIR = data.dir;
const versionFile = path.join(data.dir, "replay-lab-version");
const KEY = "report-key-77";
const KEY_ENV = credentialEnvName("report_key");

let server: AgentServer;
let id = "";
let saved: TestCase;
let suiteId = "";
/** The human's session the case was saved from (its interrupts are the only ones the inbox lists). */
let recordedKey = "";

const post = (url: string, body: unknown) =>
  new Request(`http://127.0.0.1:3000${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

async function settle(runId: string | undefined): Promise<void> {
  expect(runId).toBeDefined();
  expect((await getAgents().waitRun(runId!))?.status).toBe("completed");
}

const pending = (sessionKey: string): InboxItem[] =>
  getAgents()
    .listInbox()
    .filter((i) => i.sessionKey === sessionKey && i.status === "pending");

/** A human's session with replay_lab: two confirmations in one step, then an API key. */
async function recordSession(): Promise<string> {
  const agents = getAgents();
  const sid = (await agents.createSession(id, "replay_lab")).id;
  const run = agents.run(id, "replay_lab", sid, { parts: [{ text: "clean up" }], streaming: false });
  await settle(run.id);
  const two = pending(run.sessionKey);
  expect(two.map((i) => i.kind)).toEqual(["confirmation", "confirmation"]);
  for (const item of two) {
    const answer = { kind: "confirmation" as const, confirmed: true };
    await settle(
      (await agents.answer(id, { sessionKey: run.sessionKey, interruptId: item.id, interruptKey: item.key, answer, streaming: false })).run
        ?.id,
    );
  }
  await settle(agents.run(id, "replay_lab", sid, { parts: [{ text: "report" }], streaming: false }).id);
  const [cred] = pending(run.sessionKey);
  expect(cred?.kind).toBe("credential");
  const answer = { kind: "credential" as const, apiKey: KEY };
  await settle(
    (await agents.answer(id, { sessionKey: run.sessionKey, interruptId: cred!.id, interruptKey: cred!.key, answer, streaming: false })).run
      ?.id,
  );
  return sid;
}

async function runAs(version: string, suite = suiteId, body: Record<string, unknown> = {}): Promise<Run> {
  writeFileSync(versionFile, version);
  const res = await runs.POST(post(`/api/tests/suites/${suite}/runs?wait=1`, body), { params: Promise.resolve({ suiteId: suite }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Run;
}

beforeAll(async () => {
  writeFileSync(versionFile, "same");
  server = await startAgentServer({
    port: 0,
    preload: true,
    env: { ...SCRIPTED_ONLY, LOUPE_REPLAY_LAB_FILE: versionFile },
    agentsDir: path.resolve(import.meta.dirname, "../adk/agents"),
  });
  id = (await getAgents().create({ name: "lab", url: server.url, headers: {}, userId: "u1" })).id;
  const sessionId = await recordSession();
  recordedKey = adkSessionKey("replay_lab", "u1", sessionId);
  const res = await cases.POST(
    post("/api/tests/cases", { from: { protocol: "adk", from: "session", ref: { agentId: id, appName: "replay_lab", sessionId } } }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  saved = (await res.json()) as TestCase;
  const suite = await suites.POST(post("/api/tests/suites", { name: "replay lab", caseIds: [saved.id] }));
  suiteId = ((await suite.json()) as { id: string }).id;
}, 90_000);

afterAll(async () => {
  delete process.env[KEY_ENV];
  await getTesting().closeAll();
  await getAgents().closeAll();
  await server?.stop();
  data.cleanup();
});

describe("a case saved from an ADK session", () => {
  it("keeps each turn's input, the human's answers in order, the trajectory and the final response", () => {
    expect(saved.steps.map((s) => s.label)).toEqual(["user: clean up", "user: report"]);
    expect(saved.answers.map(({ kind, key, answer }) => ({ kind, key, answer }))).toEqual([
      { kind: "confirmation", key: "delete_file", answer: { kind: "confirmation", confirmed: true } },
      { kind: "confirmation", key: "delete_file", answer: { kind: "confirmation", confirmed: true } },
      // Loupe never keeps a key: the answer is masked and the replay takes it from the environment.
      { kind: "credential", key: "report_key", answer: { kind: "credential", apiKey: "••••••" } },
    ]);
    expect(saved.recorded.toolCalls).toEqual([
      { name: "delete_file", args: { path: "/tmp/a.log" } },
      { name: "delete_file", args: { path: "/tmp/b.log" } },
      { name: "fetch_report", args: { name: "weekly" } },
    ]);
    expect(saved.recorded.finalResponse).toBe("The weekly report has 3 rows.");
    expect(JSON.stringify(saved)).not.toContain(KEY);
  });
});

describe("replaying it with the recorded answers", () => {
  it("without the key the credential pause fails the case, naming the variable to set", async () => {
    const run = await runAs("same");
    expect(run.results[0]?.reason).toBe(
      `pause 3: the peer refused the recorded answer: the credential was recorded masked; set ${KEY_ENV} to its key`,
    );
  }, 60_000);

  it("passes against the same agent: three pauses answered, same trajectory and response", async () => {
    process.env[KEY_ENV] = KEY;
    const run = await runAs("same");
    expect(run.results[0]).toMatchObject({ status: "pass", pauseFailures: [] });
    expect(run.results[0]?.outcome.pauses.map((p) => p.key)).toEqual(["delete_file", "delete_file", "report_key"]);
  }, 60_000);

  it("runs against the agent server's URL too (the target of a suite file in CI)", async () => {
    const run = await runAs("same", suiteId, { target: { kind: "url", url: server.url } });
    expect(run.results[0]).toMatchObject({ status: "pass", pauseFailures: [] });
  }, 60_000);

  it("fails through the trajectory when the agent changes a tool's arguments", async () => {
    const run = await runAs("args");
    expect(run.results[0]?.status).toBe("fail");
    expect(run.results[0]?.reason).toContain('delete_file was called with {"path":"/tmp/a.log"} where {"path":"/tmp/b.log"} was expected');
  }, 60_000);

  it("fails when a recorded pause never comes", async () => {
    const run = await runAs("skip");
    expect(run.results[0]).toMatchObject({ status: "fail", reason: "1 recorded pause never came: credential (report_key)" });
  }, 60_000);

  it("fails when the agent pauses somewhere new", async () => {
    const run = await runAs("new");
    expect(run.results[0]).toMatchObject({
      status: "fail",
      reason: "pause 3: the peer paused for confirmation (fetch_report) where the case expected credential (report_key)",
    });
  }, 60_000);

  it("answers nothing once stopped, and leaves every replay's session out of the inbox", async () => {
    writeFileSync(versionFile, "same");
    const before = new Set(
      getAgents()
        .listInbox()
        .map((i) => i.sessionKey),
    );
    const { io, met } = stoppedAtFirstPause(saved.answers[0]!.answer);
    await driverFor("adk")!.replay(saved, saved.target, io);
    expect(met).toHaveLength(1);
    // Stopped (as at its timeout) while its first pause was reported: both confirmations still wait.
    const mine = getAgents()
      .listInbox()
      .filter((i) => !before.has(i.sessionKey));
    expect(mine.map((i) => [i.kind, i.status])).toEqual([
      ["confirmation", "pending"],
      ["confirmation", "pending"],
    ]);
    // What the replays met and left (a refused key, a new pause, this stop) is the tests', not a person's.
    const shown = new Set(
      getInbox()
        .list()
        .map((r) => r.id),
    );
    const replays = getAgents()
      .listInbox()
      .filter((i) => i.sessionKey !== recordedKey);
    expect(replays.length).toBeGreaterThan(2);
    expect(replays.filter((i) => shown.has(i.id))).toEqual([]);
    expect(
      getAgents()
        .listInbox()
        .filter((i) => i.sessionKey === recordedKey && shown.has(i.id)),
    ).toHaveLength(3);
    // Nor does what they left keep their traffic from retention, as a person's pending pause does.
    const kept = adkAdapter.retention.pending().adkSessions ?? [];
    expect(kept.filter((s) => replays.some((i) => s === `${i.agentId}\n${i.sessionKey}`))).toEqual([]);
  }, 60_000);
});

/** An ADK eval set for replay_lab: one case that matches the agent, one whose expected arguments do not. */
const EVALSET = {
  eval_set_id: "lab_evals",
  eval_cases: ["/tmp", "/var"].map((dir) => ({
    eval_id: `count_${dir.slice(1)}`,
    conversation: [
      { user_content: { parts: [{ text: "hello" }] }, final_response: { parts: [{ text: "You said: hello" }] } },
      {
        user_content: { parts: [{ text: "count them" }] },
        final_response: { parts: [{ text: "There are 2 files in /tmp" }] },
        intermediate_data: { tool_uses: [{ name: "count_files", args: { dir } }] },
      },
    ],
  })),
};

describe("an ADK .evalset.json imported as a suite", () => {
  it("runs against the agent server and scores each case with ADK's metrics", async () => {
    const res = await evalsets.POST(post(`/api/agents/${id}/evalsets?app=replay_lab&name=lab.evalset.json`, EVALSET), {
      params: Promise.resolve({ id }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const suite = (await res.json()) as { id: string; name: string };
    expect(suite.name).toBe("lab_evals");
    const run = await runAs("same", suite.id);
    expect(run.results.map((r) => [r.caseName, r.status])).toEqual([
      ["count_tmp", "pass"],
      ["count_var", "fail"],
    ]);
    expect(run.results[0]?.assertions.map((a) => a.reason)).toEqual([
      "tool_trajectory_avg_score 1.000 ≥ 1 over 2 turns",
      "response_match_score 1.000 ≥ 0.8 over 2 turns",
    ]);
    expect(run.results[1]?.reason).toBe(
      'assertion 1 (trajectory) failed: tool_trajectory_avg_score 0.500 < 1 over 2 turns: turn 2 called count_files({"dir":"/tmp"})',
    );
  }, 60_000);

  it("refuses a file that is not an eval set with the bad field's path (400, its own code)", async () => {
    const res = await evalsets.POST(post(`/api/agents/${id}/evalsets?name=bad.evalset.json`, { eval_cases: [{ conversation: "x" }] }), {
      params: Promise.resolve({ id }),
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("bad_request:evalset");
    expect(error.message).toMatch(/^bad\.evalset\.json: eval_cases\[0\]\.conversation: /);
  });
});
