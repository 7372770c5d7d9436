import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { Run, RunDiff, RunSummary, Suite, SuiteFile, TestCase } from "@/lib/contracts/testing";
import { parseSuiteFile } from "@/lib/contracts/testing";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getTesting } from "@/lib/server/testing/service";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as cases from "@/app/api/tests/cases/route";
import * as oneCase from "@/app/api/tests/cases/[caseId]/route";
import * as suites from "@/app/api/tests/suites/route";
import * as oneSuite from "@/app/api/tests/suites/[suiteId]/route";
import * as runs from "@/app/api/tests/suites/[suiteId]/runs/route";
import * as oneRun from "@/app/api/tests/suites/[suiteId]/runs/[runId]/route";
import * as diffRoute from "@/app/api/tests/suites/[suiteId]/runs/[runId]/diff/route";
import * as fileRoute from "@/app/api/tests/suites/[suiteId]/file/route";
import * as importRoute from "@/app/api/tests/suites/import/route";
import * as preview from "@/app/api/tests/preview/route";

// Issue 24: cases saved from what Loupe recorded, replayed by the runner through MCP's driver
// against the real server-everything (stdio), one connection for the whole file.
const data = tempDir("loupe-testing-mcp-");
process.env.LOUPE_DATA_DIR = data.dir;

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const send = (method: string, url: string, body?: unknown) =>
  new Request(base + url, {
    method,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    headers: { "content-type": "application/json" },
  });

let connectionId = "";

beforeAll(async () => {
  connectionId = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
}, 30_000);

afterAll(async () => {
  await getTesting().closeAll();
  await getRegistry().closeAll();
  data.cleanup();
});

async function saveFrom(from: string, ref: Record<string, unknown>): Promise<TestCase> {
  const res = await cases.POST(send("POST", "/api/tests/cases", { from: { protocol: "mcp", from, ref } }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TestCase;
}

/** The case with `patch` over it (assertions as the editor sends them: defaults left to the server). */
async function putCase(c: TestCase, patch: Record<string, unknown>): Promise<TestCase> {
  const { id, createdAt: _c, updatedAt: _u, ...body } = { ...c, ...patch };
  const res = await oneCase.PUT(send("PUT", `/api/tests/cases/${id}`, body), ctx({ caseId: id }));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TestCase;
}

async function suiteOf(name: string, ids: string[], extra: Record<string, unknown> = {}): Promise<Suite> {
  const res = await suites.POST(send("POST", "/api/tests/suites", { name, caseIds: ids, ...extra }));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Suite;
}

async function runOf(suiteId: string, body: Record<string, unknown> = {}): Promise<Run> {
  const res = await runs.POST(send("POST", `/api/tests/suites/${suiteId}/runs?wait=1`, body), ctx({ suiteId }));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Run;
}

describe("test cases against server-everything", () => {
  let echo: TestCase;
  let suite: Suite;
  let first: Run;

  it("saves a tool call as a case, previews an assertion against the recording, and runs the suite", async () => {
    const call = await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "hi" } });
    echo = await saveFrom("call", { connectionId, callId: call.id });
    expect(echo.steps).toEqual([{ kind: "tools/call", input: { name: "echo", arguments: { message: "hi" } }, label: "call echo" }]);
    expect(echo.recorded.finalResponse).toBe("Echo: hi");
    expect(echo.target).toEqual({ kind: "saved", id: connectionId });

    const previewed = await preview.POST(
      send("POST", "/api/tests/preview", {
        assertions: [
          { type: "contains", text: "Echo: hi" },
          { type: "contains", text: "Echo: ho" },
        ],
        recorded: echo.recorded,
      }),
    );
    expect(((await previewed.json()) as { status: string }[]).map((r) => r.status)).toEqual(["pass", "fail"]);

    echo = await putCase(echo, {
      assertions: [...echo.assertions, { type: "structural", ignorePaths: [] }, { type: "latency", maxMs: 10_000 }],
    });
    suite = await suiteOf("echo", [echo.id], { repetitions: 2 });
    const before = getRegistry().hub.maxSeq();
    first = await runOf(suite.id);
    expect(first.status).toBe("passed");
    expect(first.results).toHaveLength(2);
    expect(first.cases).toEqual([{ caseId: echo.id, caseName: echo.name, status: "pass", flaky: false, passed: 2, total: 2 }]);
    // The replays were recorded like any other call: their frames are in the connection's traffic.
    const traffic = getRegistry()
      .traffic(connectionId)
      .filter((e) => e.seq > before && e.kind === "message");
    expect(traffic.some((e) => JSON.stringify(e.raw).includes('"tools/call"'))).toBe(true);
    expect(first.results[0]?.outcome.traffic?.connectionId).toBe(connectionId);
  });

  it("fails with the path of the difference when the server's answer changes, and diffs the run to the baseline", async () => {
    // The server now answering differently is played by an expectation the real answer no longer meets.
    await putCase(echo, { assertions: [{ type: "structural", expected: { content: [{ type: "text", text: "Echo: bye" }] } }] });
    const second = await runOf(suite.id, { repetitions: 1 });
    expect(second.status).toBe("failed");
    expect(second.results[0]?.reason).toContain('$.result.content[0].text: expected "Echo: bye", got "Echo: hi"');
    const res = await diffRoute.GET(
      new Request(`${base}/api/tests/suites/${suite.id}/runs/${second.id}/diff?base=${first.id}`),
      ctx({ suiteId: suite.id, runId: second.id }),
    );
    const diff = (await res.json()) as RunDiff;
    expect(diff.cases).toEqual([expect.objectContaining({ caseId: echo.id, change: "newly_failing", base: "pass", current: "fail" })]);
    // The suite's chosen baseline is what a diff without ?base compares with; one of another suite is refused.
    const { id: _id, createdAt: _c, updatedAt: _u, ...body } = suite;
    const pinned = await oneSuite.PUT(
      send("PUT", `/api/tests/suites/${suite.id}`, { ...body, baselineRunId: first.id }),
      ctx({ suiteId: suite.id }),
    );
    expect(pinned.status).toBe(200);
    const byBaseline = await diffRoute.GET(
      new Request(`${base}/api/tests/suites/${suite.id}/runs/${second.id}/diff`),
      ctx({ suiteId: suite.id, runId: second.id }),
    );
    expect(((await byBaseline.json()) as RunDiff).baseRunId).toBe(first.id);
    const wrong = await oneSuite.PUT(
      send("PUT", `/api/tests/suites/${suite.id}`, { ...body, baselineRunId: "nope" }),
      ctx({ suiteId: suite.id }),
    );
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("bad_request:test_suite");
    const history = (await (
      await runs.GET(new Request(`${base}/api/tests/suites/${suite.id}/runs`), ctx({ suiteId: suite.id }))
    ).json()) as RunSummary[];
    expect(history.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it("replays an elicitation with the recorded answer, and fails in words on a pause it did not expect or one that never came", async () => {
    const requests = getClientRequests();
    const running = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
    let pending: McpClientRequest | undefined;
    for (let i = 0; i < 200 && !pending; i++) {
      pending = requests.list({ connectionId }).find((r) => r.status === "pending");
      if (!pending) await new Promise((r) => setTimeout(r, 25));
    }
    if (!pending) throw new Error("server-everything never asked for the elicitation");
    await requests.answer(connectionId, pending.id, { action: "accept", content: { name: "Ada", check: true, email: "ada@example.com" } });
    const call = await running;
    let elicit = await saveFrom("call", { connectionId, callId: call.id });
    expect(elicit.answers).toEqual([
      expect.objectContaining({
        kind: "elicitation_form",
        key: "trigger-elicitation-request",
        answer: { action: "accept", content: expect.objectContaining({ name: "Ada" }) },
      }),
    ]);
    elicit = await putCase(elicit, { assertions: [{ type: "contains", text: "Ada" }] });
    const replayed = await runOf((await suiteOf("elicit", [elicit.id])).id);
    expect(replayed.status, replayed.results[0]?.reason).toBe("passed");
    expect(replayed.results[0]?.outcome.pauses).toEqual([expect.objectContaining({ kind: "elicitation_form" })]);

    const unexpected = await putCase(elicit, { answers: [] });
    const noAnswer = await runOf((await suiteOf("unexpected", [unexpected.id])).id);
    expect(noAnswer.results[0]?.reason).toBe(
      "pause 1: the peer paused for elicitation_form (trigger-elicitation-request), which the case did not expect (it recorded 0 pauses)",
    );

    const twice = await putCase(elicit, { answers: [...elicit.answers, ...elicit.answers] });
    const never = await runOf((await suiteOf("never", [twice.id])).id);
    expect(never.results[0]?.reason).toBe("1 recorded pause never came: elicitation_form (trigger-elicitation-request)");
  }, 30_000);

  it("saves a resource read, a prompt and a recorded exchange; checks a dynamic text with a regex", async () => {
    const read = await saveFrom("resource", { connectionId, uri: "demo://resource/dynamic/text/1" });
    const regexed = await putCase(read, {
      assertions: [{ type: "regex", path: "$.result.contents[0].text", pattern: "^Resource 1: This is a plaintext resource created at " }],
    });
    const prompt = await saveFrom("prompt", { connectionId, name: "simple-prompt" });
    const from = getRegistry().hub.maxSeq() + 1;
    await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "one" } });
    await getRegistry().callTool(connectionId, { name: "get-sum", arguments: { a: 1, b: 2 } });
    const exchange = await saveFrom("exchange", { connectionId, fromSeq: from, toSeq: getRegistry().hub.maxSeq() });
    expect(exchange.steps.map((s) => s.label)).toEqual(["call echo", "call get-sum"]);
    expect(exchange.recorded.toolCalls.map((c) => c.name)).toEqual(["echo", "get-sum"]);
    const run = await runOf((await suiteOf("reads", [regexed.id, prompt.id, exchange.id])).id);
    expect(run.cases.map((c) => [c.caseName, c.status])).toEqual([
      [regexed.name, "pass"],
      [prompt.name, "pass"],
      [exchange.name, "pass"],
    ]);
  });

  it("answers bad input with 4xx and its own codes, never a 500", async () => {
    const bad = await cases.POST(send("POST", "/api/tests/cases", { name: "x" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "bad_request:test_case",
      message: expect.stringMatching(/^Invalid test_case: protocol: /),
    });
    const unknownSource = await cases.POST(send("POST", "/api/tests/cases", { from: { protocol: "mcp", from: "nope", ref: {} } }));
    expect(unknownSource.status).toBe(400);
    const goneCall = await cases.POST(
      send("POST", "/api/tests/cases", { from: { protocol: "mcp", from: "call", ref: { connectionId, callId: "gone" } } }),
    );
    expect(goneCall.status).toBe(404);
    const noSuite = await oneSuite.GET(new Request(`${base}/api/tests/suites/nope`), ctx({ suiteId: "nope" }));
    expect(((await noSuite.json()) as { error: { code: string } }).error.code).toBe("not_found:test_suite");
    const missingCase = await suites.POST(send("POST", "/api/tests/suites", { name: "s", caseIds: ["nope"] }));
    expect(missingCase.status).toBe(400);
    const badRun = await runs.POST(send("POST", `/api/tests/suites/${suite.id}/runs`, { repetitions: 99 }), ctx({ suiteId: suite.id }));
    expect(((await badRun.json()) as { error: { code: string } }).error.code).toBe("bad_request:test_run");
    const badFile = await importRoute.POST(
      send("POST", "/api/tests/suites/import", { format: "loupe-suite", version: 1, name: "x", cases: [{ name: "c" }] }),
    );
    expect(badFile.status).toBe(400);
    expect(((await badFile.json()) as { error: { message: string } }).error.message).toMatch(/^cases\[0\]\.protocol: /);
  });

  it("exports a suite as a file that imports again and runs against another target", async () => {
    const res = await fileRoute.GET(new Request(`${base}/api/tests/suites/${suite.id}/file`), ctx({ suiteId: suite.id }));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="echo.loupe-suite.json"');
    const text = await res.text();
    const parsed = parseSuiteFile(text);
    expect(parsed.ok).toBe(true);
    const imported = await importRoute.POST(send("POST", "/api/tests/suites/import", text));
    expect(imported.status).toBe(201);
    const copy = (await imported.json()) as Suite;
    expect(copy.caseIds).toHaveLength(1);
    expect(copy.caseIds[0]).not.toBe(echo.id);
    // A target that cannot start: an error in words, not a crash.
    const down = await runOf(copy.id, { target: { kind: "command", command: "/nonexistent/server" } });
    expect(down.status).toBe("error");
    expect(down.results[0]?.reason).toMatch(/Could not connect to server/);
    expect((JSON.parse(text) as SuiteFile).cases[0]?.protocol).toBe("mcp");
  });

  it("writes no secret into the file: a target's headers become ${env:…} references, read back when it runs", async () => {
    const secret = getTesting().store.createSuite({
      name: "secret",
      caseIds: [echo.id],
      defaultTarget: { kind: "url", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer sk-live-123" } },
      repetitions: 1,
      concurrency: 1,
      timeoutMs: 5_000,
    });
    const text = await (await fileRoute.GET(new Request(`${base}/api/tests/suites/${secret.id}/file`), ctx({ suiteId: secret.id }))).text();
    expect(text).not.toContain("sk-live-123");
    expect((JSON.parse(text) as SuiteFile).target).toEqual({
      kind: "url",
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: "${env:LOUPE_SECRET_AUTHORIZATION}" },
    });
    const copy = (await (await importRoute.POST(send("POST", "/api/tests/suites/import", text))).json()) as Suite;
    delete process.env.LOUPE_SECRET_AUTHORIZATION;
    const unset = await runOf(copy.id, {});
    expect(unset.results[0]?.reason).toContain("set LOUPE_SECRET_AUTHORIZATION to its value");
  });

  it("answers with a target's headers and environment masked; a masked value sent back keeps the stored one", async () => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...body } = echo;
    const secretCase = {
      ...body,
      name: "secret",
      target: { kind: "url", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer sk-case-1" } },
    };
    const created = await cases.POST(send("POST", "/api/tests/cases", secretCase));
    const shown = (await created.json()) as TestCase;
    const env = { kind: "command", command: "node", args: ["s.js"], env: { API_KEY: "k-env-2" } };
    const withEnv = await suiteOf("secret env", [shown.id], { defaultTarget: env });
    const read = await Promise.all([
      cases.GET().then((r) => r.text()),
      oneCase.GET(new Request(base), ctx({ caseId: shown.id })).then((r) => r.text()),
      suites.GET().then((r) => r.text()),
      oneSuite.GET(new Request(base), ctx({ suiteId: withEnv.id })).then((r) => r.text()),
    ]);
    for (const text of [JSON.stringify(shown), JSON.stringify(withEnv), ...read]) {
      expect(text).not.toContain("sk-case-1");
      expect(text).not.toContain("k-env-2");
    }
    expect(shown.target).toEqual({ kind: "url", url: "http://127.0.0.1:9/mcp", headers: { Authorization: SECRET_MASK } });
    expect(withEnv.defaultTarget).toMatchObject({ env: { API_KEY: SECRET_MASK } });
    // The editor sends the case and the suite back as it got them: the stored secrets stay.
    await putCase(shown, { name: "secret, renamed" });
    expect(getTesting().store.requireCase(shown.id).target).toMatchObject({ headers: { Authorization: "Bearer sk-case-1" } });
    const { id: sid, createdAt: _sc, updatedAt: _su, ...suiteBody } = withEnv;
    const put = await oneSuite.PUT(send("PUT", `/api/tests/suites/${sid}`, { ...suiteBody, repetitions: 1 }), ctx({ suiteId: sid }));
    expect(await put.text()).not.toContain("k-env-2");
    expect(getTesting().store.requireSuite(sid).defaultTarget).toMatchObject({ env: { API_KEY: "k-env-2" } });
    await putCase(shown, { target: { ...shown.target, headers: { Authorization: "Bearer sk-new" } } });
    expect(getTesting().store.requireCase(shown.id).target).toMatchObject({ headers: { Authorization: "Bearer sk-new" } });
    // A run asked for a target with a header shows it masked too, finished, in the history and alone.
    const run = await runOf(suite.id, { target: { kind: "url", url: "http://127.0.0.1:9/mcp", headers: { "X-Key": "xk-run-3" } } });
    const history = await (await runs.GET(new Request(base), ctx({ suiteId: suite.id }))).text();
    const one = await (await oneRun.GET(new Request(base), ctx({ suiteId: suite.id, runId: run.id }))).text();
    for (const text of [JSON.stringify(run), history, one]) expect(text).not.toContain("xk-run-3");
    expect(run.target).toMatchObject({ headers: { "X-Key": SECRET_MASK } });
  });
});
