/**
 * Issue 24: an inbox already open in a page never shows a test replay's pause. The page's inbox is
 * GET /api/inbox, then the live stream (GET /api/stream) applied by the browser's own stream reducer;
 * here both are the real routes and the real reducer, and the replay is a real one: a case saved
 * from a task of the demo A2A agent (a real @a2a-js/sdk server) that paused twice, run by the runner.
 * The replay's pauses come and are answered, their frames go out marked, and the list never holds
 * them — while a person's task that pauses right after shows at once, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { A2aAnswerBody } from "@/lib/contracts/a2a";
import { streamEventEntries, type Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { Run, TestCase } from "@/lib/contracts/testing";
import { inboxKeys } from "@/lib/queries/inbox";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { getA2a } from "@/lib/server/a2a";
import { until } from "@/lib/server/adk/test-support";
import { getTesting } from "@/lib/server/testing/service";
import { startA2aDemo, type A2aDemo } from "@/demo/a2a/demo-agent";
import { jsonPostTo as post } from "@/tests/support/playground";
import { tempDir } from "@/tests/support/servers";
import * as cases from "@/app/api/tests/cases/route";
import * as inbox from "@/app/api/inbox/route";
import * as stream from "@/app/api/stream/route";
import * as suites from "@/app/api/tests/suites/route";
import * as runs from "@/app/api/tests/suites/[suiteId]/runs/route";

const data = tempDir("loupe-inbox-replay-live-");
process.env.LOUPE_DATA_DIR = data.dir;

let demo: A2aDemo;
let agentId = "";
let ask: TestCase;

/** A person's task: the message, then each answer once the task waits for it (none: it is left waiting). */
async function personTask(answers: A2aAnswerBody[], end: "completed" | "input-required"): Promise<string> {
  const a2a = getA2a();
  const taskId = (await a2a.send(agentId, { parts: [{ kind: "text", text: "ask" }], stream: true })).taskId!;
  const pending = () => a2a.listRequests().find((r) => r.taskId === taskId && r.status === "pending");
  for (const answer of answers) {
    await until(() => pending() !== undefined, 10_000, "a pause");
    await a2a.answerRequest(pending()!.id, answer);
  }
  await until(() => a2a.tasks.get(agentId, taskId)?.state === end, 10_000, `the task ${end}`);
  return taskId;
}

/** The page: the inbox as GET /api/inbox lists it, then every stream frame through the browser's reducer. */
async function openPage() {
  const qc = new QueryClient();
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), (await (await inbox.GET()).json()) as InboxRow[]);
  const leave = new AbortController();
  const res = await stream.GET(new Request(`http://127.0.0.1:3000/api/stream?since=${getA2a().hub.maxSeq()}`, { signal: leave.signal }));
  const frames: Entry[] = [];
  /** Every A2A task any row of the open inbox was about, at any moment. */
  const shown = new Set<string>();
  const reading = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) return;
      buffer += decoder.decode(next.value, { stream: true });
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      const batch = blocks.flatMap((b) => streamEventEntries(/^event: (.*)$/m.exec(b)?.[1] ?? "", /^data: (.*)$/m.exec(b)?.[1] ?? ""));
      frames.push(...batch);
      applyStreamEntries(qc, batch);
      for (const row of qc.getQueryData<InboxRow[]>(inboxKeys.list()) ?? []) if (row.source === "a2a") shown.add(row.taskId);
    }
  })();
  const close = async () => {
    leave.abort();
    await reading;
  };
  return { qc, frames, shown, close };
}

beforeAll(async () => {
  demo = await startA2aDemo({ port: 0, timing: { stepMs: 0 } });
  agentId = (await getA2a().create({ name: "demo", url: demo.url, headers: {} })).id;
  const taskId = await personTask(
    [
      { kind: "data", data: { city: "Oslo", days: 99 } },
      { kind: "text", text: "Bergen" },
    ],
    "completed",
  );
  const res = await cases.POST(post("/api/tests/cases", { from: { protocol: "a2a", from: "task", ref: { agentId, taskId } } }));
  expect(res.status, await res.clone().text()).toBe(201);
  ask = (await res.json()) as TestCase;
}, 30_000);

afterAll(async () => {
  await getTesting().closeAll();
  await getA2a().closeAll();
  await demo?.stop();
  data.cleanup();
});

describe("an inbox open in the page while a saved case replays", () => {
  it("never shows the replay's pauses, and still shows a person's pause at once", async () => {
    const page = await openPage();
    const a2a = getA2a();
    const before = new Set(a2a.listTasks(agentId).map((t) => t.taskId));
    const suite = await suites.POST(post("/api/tests/suites", { name: "live inbox", caseIds: [ask.id] }));
    const suiteId = ((await suite.json()) as { id: string }).id;
    const res = await runs.POST(post(`/api/tests/suites/${suiteId}/runs?wait=1`, {}), { params: Promise.resolve({ suiteId }) });
    const run = (await res.json()) as Run;
    // A real replay that paused twice and was answered twice.
    expect(run.results[0]).toMatchObject({ status: "pass" });
    expect(run.results[0]?.outcome.pauses.map((p) => p.kind)).toEqual(["a2a_input", "a2a_input"]);
    const replayed = a2a.listTasks(agentId).filter((t) => !before.has(t.taskId));
    expect(replayed).toHaveLength(1);
    const replayTask = replayed[0]!.taskId;

    // A person's task that pauses now: the open inbox shows it live, as before.
    const person = await personTask([], "input-required");
    await until(() => page.shown.has(person), 10_000, "the person's pause in the open inbox");
    await page.close();

    // The replay's requests went out on the stream, each marked; none of them ever reached the list.
    const requestFrames = page.frames.filter((e) => e.kind === "a2a_request_state");
    const ofReplay = requestFrames.filter((e) => JSON.stringify(e.raw).includes(replayTask));
    expect(ofReplay.length).toBeGreaterThanOrEqual(2);
    expect(page.shown.has(replayTask), "the open inbox showed the replay's pause").toBe(false);
    expect(ofReplay.every((e) => e.replay === true)).toBe(true);
    expect(requestFrames.filter((e) => JSON.stringify(e.raw).includes(person)).every((e) => e.replay === undefined)).toBe(true);
    // And the list as the page holds it is the list GET /api/inbox gives.
    const server = ((await (await inbox.GET()).json()) as InboxRow[]).map((r) => r.id).sort();
    expect((page.qc.getQueryData<InboxRow[]>(inboxKeys.list()) ?? []).map((r) => r.id).sort()).toEqual(server);
  }, 30_000);
});
