/**
 * Issue 24 against the real demo A2A agent: cases saved from tasks that paused — `ask` asked twice
 * (a first answer out of range, then a city), `login` for a credential — run by the runner through
 * A2A's testing driver, each pause answered from the case through answerRequest(). They pass against
 * the same agent (by id and by URL), and fail in words when the agent pauses where the case does not
 * expect it, never pauses where it did, or refuses the answer. A replay that ends early (a pause it
 * did not expect, its time limit) cancels the task it started on the agent (tasks/cancel).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aAnswerBody } from "@/lib/contracts/a2a";
import type { CaseBodyInput, Run, TestCase } from "@/lib/contracts/testing";
import { getA2a } from "@/lib/server/a2a";
import { a2aCredentialEnvName } from "@/lib/server/a2a/testing";
import { until } from "@/lib/server/adk/test-support";
import { getTesting } from "@/lib/server/testing/service";
import { startA2aDemo } from "@/demo/a2a/demo-agent";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { tempDir } from "@/tests/support/servers";
import * as cases from "@/app/api/tests/cases/route";
import * as suites from "@/app/api/tests/suites/route";
import * as runs from "@/app/api/tests/suites/[suiteId]/runs/route";

const data = tempDir("loupe-a2a-case-replay-");
process.env.LOUPE_DATA_DIR = data.dir;
const KEY = "sk-live-4242";
const KEY_ENV = a2aCredentialEnvName("demoKey");

let demo: A2aDemo;
let id = "";
let ask: TestCase;
let login: TestCase;

const post = (url: string, body: unknown) =>
  new Request(`http://127.0.0.1:3000${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

async function saveCase(body: unknown): Promise<TestCase> {
  const res = await cases.POST(post("/api/tests/cases", body));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TestCase;
}

async function runCases(list: TestCase[], body: Record<string, unknown> = {}): Promise<Run> {
  const suite = await suites.POST(post("/api/tests/suites", { name: "a2a", caseIds: list.map((c) => c.id) }));
  const suiteId = ((await suite.json()) as { id: string }).id;
  const res = await runs.POST(post(`/api/tests/suites/${suiteId}/runs?wait=1`, body), { params: Promise.resolve({ suiteId }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Run;
}

/** The tasks of the agent Loupe saw start while `work` ran, with their state as the agent now reports it (tasks/get). */
async function tasksStartedBy(work: () => Promise<unknown>): Promise<{ taskId: string; state: string }[]> {
  const a2a = getA2a();
  const before = new Set(a2a.listTasks(id).map((t) => t.taskId));
  await work();
  const started = a2a.listTasks(id).filter((t) => !before.has(t.taskId));
  return Promise.all(started.map(async (t) => ({ taskId: t.taskId, state: (await a2a.refreshTask(id, t.taskId)).state })));
}

/** A human's task: the message, then each answer once the task waits for it. */
async function recordTask(text: string, answers: A2aAnswerBody[]): Promise<string> {
  const a2a = getA2a();
  const sent = await a2a.send(id, { parts: [{ kind: "text", text }], stream: true });
  const taskId = sent.taskId!;
  const pending = () => a2a.listRequests().find((r) => r.taskId === taskId && r.status === "pending");
  for (const answer of answers) {
    await until(() => pending() !== undefined, 10_000, `a pause of ${text}`);
    await a2a.answerRequest(pending()!.id, answer);
  }
  await until(() => a2a.tasks.get(id, taskId)?.state === "completed", 10_000, `${text} completed`);
  return taskId;
}

beforeAll(async () => {
  demo = await startA2aDemo({ port: 0, timing: { stepMs: 0 } });
  id = (await getA2a().create({ name: "demo", url: demo.url, headers: {} })).id;
  const askTask = await recordTask("ask", [
    { kind: "data", data: { city: "Oslo", days: 99 } },
    { kind: "text", text: "Bergen" },
  ]);
  const loginTask = await recordTask("login", [{ kind: "credential", credential: KEY, scheme: "demoKey" }]);
  ask = await saveCase({ from: { protocol: "a2a", from: "task", ref: { agentId: id, taskId: askTask } } });
  login = await saveCase({ from: { protocol: "a2a", from: "task", ref: { agentId: id, taskId: loginTask } } });
}, 30_000);

afterAll(async () => {
  delete process.env[KEY_ENV];
  await getTesting().closeAll();
  await getA2a().closeAll();
  await demo?.stop();
  data.cleanup();
});

describe("a case saved from an A2A task", () => {
  it("keeps the user message, each pause with the human's answer, the artifacts and the final status message", () => {
    expect(ask.steps).toEqual([{ kind: "message", input: { parts: [{ kind: "text", text: "ask" }] }, label: "user: ask" }]);
    expect(ask.answers.map(({ kind, answer }) => ({ kind, answer }))).toEqual([
      { kind: "a2a_input", answer: { kind: "data", data: { city: "Oslo", days: 99 } } },
      { kind: "a2a_input", answer: { kind: "text", text: "Bergen" } },
    ]);
    expect(ask.answers[1]?.request).toMatch(/days must be 1–7/);
    expect(ask.recorded.finalResponse).toBe("Forecast for Bergen (3 days).");
    expect(ask.recorded.result).toEqual({
      state: "completed",
      artifacts: [{ name: "forecast", text: "", data: [{ city: "Bergen", days: 3, temps: [12, 14, 11] }] }],
    });
    // Loupe never keeps a credential: masked in the case, taken from the environment on replay.
    expect(login.answers.map((a) => [a.kind, a.answer])).toEqual([
      ["a2a_auth", { kind: "credential", credential: "••••••", scheme: "demoKey" }],
    ]);
    expect(JSON.stringify(login)).not.toContain(KEY);
  });

  it("a task Loupe never saw is a 404 with the route's code", async () => {
    const res = await cases.POST(
      post("/api/tests/cases", { from: { protocol: "a2a", from: "task", ref: { agentId: id, taskId: "nope" } } }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found:case_source" } });
  });
});

describe("replaying it against the live agent", () => {
  it("passes the paused task; the masked credential fails in words until its variable is set, then passes", async () => {
    const first = await runCases([ask, login]);
    expect(first.results.map((r) => [r.caseName, r.status])).toEqual([
      [ask.name, "pass"],
      [login.name, "fail"],
    ]);
    expect(first.results[0]?.outcome.pauses.map((p) => p.kind)).toEqual(["a2a_input", "a2a_input"]);
    expect(first.results[1]?.reason).toBe(
      `pause 1: the peer refused the recorded answer: the credential was recorded masked; set ${KEY_ENV} to its key`,
    );
    process.env[KEY_ENV] = KEY;
    const again = await runCases([login], { target: { kind: "url", url: demo.url } });
    expect(again.results[0]).toMatchObject({ status: "pass", pauseFailures: [] });
  }, 20_000);

  it("fails in words when the agent pauses again where the case had no answer, or never pauses where it had one", async () => {
    const { id: _i, createdAt: _c, updatedAt: _u, ...body } = ask;
    const oneAnswer: CaseBodyInput = { ...body, name: "one answer", answers: body.answers.slice(0, 1) };
    const fits: CaseBodyInput = {
      ...body,
      name: "first answer fits",
      answers: [{ ...body.answers[0]!, answer: { kind: "data", data: { city: "Bergen", days: 3 } } }, body.answers[1]!],
    };
    const asLogin: CaseBodyInput = {
      ...body,
      name: "now asks to log in",
      steps: [{ ...body.steps[0]!, input: { parts: [{ kind: "text", text: "login" }] } }],
    };
    const list = [await saveCase(oneAnswer), await saveCase(fits), await saveCase(asLogin)];
    let run: Run | undefined;
    const started = await tasksStartedBy(async () => (run = await runCases(list)));
    // The two that ended at a pause they did not expect left no task waiting on the agent; the one that passed completed.
    expect(started.map((t) => t.state).sort()).toEqual(["canceled", "canceled", "completed"]);
    expect(
      getA2a()
        .listRequests()
        .filter((r) => started.some((t) => t.taskId === r.taskId) && r.status === "pending"),
    ).toEqual([]);
    expect(run!.results.map((r) => [r.status, r.reason])).toEqual([
      [
        "fail",
        "pause 2: the peer paused for a2a_input, which the recording met but the case has no answer for (it keeps 1 of its 2 pauses' answers: one was left unanswered, could not be rebuilt, or was removed)",
      ],
      ["fail", "1 recorded pause never came: a2a_input"],
      ["fail", "pause 1: the peer paused for a2a_auth where the case expected a2a_input"],
    ]);
  }, 20_000);

  it("cancels the task of a replay that timed out: the agent reports it canceled, not working on", async () => {
    const { id: _i, createdAt: _c, updatedAt: _u, ...body } = ask;
    const slow: CaseBodyInput = {
      ...body,
      name: "slow job",
      steps: [{ ...body.steps[0]!, input: { parts: [{ kind: "text", text: "slow" }] } }],
      answers: [],
      timeoutMs: 500,
    };
    const slowCase = await saveCase(slow);
    const a2a = getA2a();
    const before = new Set(a2a.listTasks(id).map((t) => t.taskId));
    const run = await runCases([slowCase]);
    expect(run.results[0]?.status).toBe("fail");
    expect(run.results[0]?.reason).toMatch(/^timed out after 500 ms/);
    const [task] = a2a.listTasks(id).filter((t) => !before.has(t.taskId));
    expect(task).toBeDefined();
    // The replay cancels it once its signal aborted (the run does not wait for that): the agent's own answer says so.
    await until(() => a2a.tasks.get(id, task!.taskId)?.state === "canceled", 10_000, "the slow task canceled");
    expect((await a2a.refreshTask(id, task!.taskId)).state).toBe("canceled");
  }, 20_000);
});
