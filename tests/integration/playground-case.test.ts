/**
 * Save as case from a playground conversation (issue 24), offline: the scripted model with the
 * demo MCP server's tools. The case keeps the column's messages, the tool calls its model made and
 * its last answer; replayed by the runner through the playground's testing driver, it passes against
 * the same server and fails in words when the server is gone. A bad source is a 4xx in words. A
 * conversation whose gate asked keeps each decision the user gave (approve with edited arguments,
 * reject) as the case's answers; the replay answers its own gate with them (never showing in the
 * inbox) and passes, and a call gated where the case expected no pause fails it in words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { PgToolCall } from "@/lib/contracts/playground";
import type { CaseBodyInput, Run, TestCase } from "@/lib/contracts/testing";
import { getApprovals } from "@/lib/server/approvals";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { getPlayground } from "@/lib/server/playground";
import { closeConnections, jsonPostTo as post, live, playgroundDataDir, raws, turnEnded, waitFor } from "@/tests/support/playground";
import { stdioInput } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as inbox from "@/app/api/inbox/route";
import * as cases from "@/app/api/tests/cases/route";
import * as suites from "@/app/api/tests/suites/route";
import * as runs from "@/app/api/tests/suites/[suiteId]/runs/route";

const data = playgroundDataDir("loupe-playground-case-");

let demo = "";
let conversationId = "";
let saved: TestCase;

async function saveCase(ref: Record<string, unknown>): Promise<Response> {
  return cases.POST(post("/api/tests/cases", { from: { protocol: "playground", from: "conversation", ref } }));
}

async function runCase(body: Record<string, unknown> = {}, caseIds = [saved.id]): Promise<Run> {
  const suite = await suites.POST(post("/api/tests/suites", { name: "playground", caseIds }));
  const suiteId = ((await suite.json()) as { id: string }).id;
  const res = await runs.POST(post(`/api/tests/suites/${suiteId}/runs?wait=1`, body), { params: Promise.resolve({ suiteId }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Run;
}

beforeAll(async () => {
  const launch = demoServerLaunch();
  const res = await connections.POST(
    post("/api/connections", stdioInput("demo", launch.args, { command: launch.command, env: launch.env })),
  );
  expect(res.status).toBe(201);
  demo = ((await res.json()) as ConnectionView).id;
  const conversation = getPlayground().create({
    title: "weather",
    systemPrompt: "",
    servers: [{ connectionId: demo, tools: "all" }],
    policy: "never",
    toolPolicies: {},
    columns: [{ provider: "scripted", model: "scripted", strict: false, maxSteps: 20 }],
  });
  conversationId = conversation.id;
  getPlayground().send(conversationId, { text: "What's the weather in Lisbon?" });
  await turnEnded(conversationId, 1);
}, 30_000);

afterAll(() => closeConnections(data));

describe("a case saved from a playground conversation", () => {
  it("keeps the messages, the model's tool calls and its answer, and passes replayed against the same server", async () => {
    const res = await saveCase({ conversationId });
    expect(res.status, await res.clone().text()).toBe(201);
    saved = (await res.json()) as TestCase;
    expect(saved).toMatchObject({ protocol: "playground", target: { kind: "saved", id: demo } });
    expect(saved.steps.map((s) => s.kind)).toEqual(["setup", "message"]);
    expect(saved.recorded.toolCalls).toEqual([{ name: "get-forecast", args: { city: "Lisbon" } }]);
    expect(saved.recorded.finalResponse).toBeTruthy();

    const run = await runCase();
    expect(run.cases[0]?.status, JSON.stringify(run.cases[0])).toBe("pass");
  }, 60_000);

  it("fails in words when the server to run against is gone", async () => {
    const run = await runCase({ target: { kind: "saved", id: "no-such-server" } });
    expect(run.cases[0]?.status).not.toBe("pass");
    expect(JSON.stringify(run.results)).toContain('No MCP connection \\"no-such-server\\"');
  }, 30_000);

  it("refuses a bad ref (400) and an unknown conversation (404) with the case-source codes", async () => {
    const bad = await saveCase({ conversation: 1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("bad_request:case_source");
    const gone = await saveCase({ conversationId: "nope" });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("not_found:case_source");
  });

  it("keeps the decisions given at the approval gate and replays them there, out of the inbox; an approval it did not expect fails it", async () => {
    /** A conversation whose gate asks for every call, each held call answered by `decide` as a person would. */
    const asked = async (text: string, decide: (approvalId: string) => void) => {
      const c = getPlayground().create({
        title: text,
        systemPrompt: "",
        servers: [{ connectionId: demo, tools: "all" }],
        policy: "always",
        toolPolicies: {},
        columns: [{ provider: "scripted", model: "scripted", strict: false, maxSteps: 20 }],
      });
      getPlayground().send(c.id, { text });
      const held = await waitFor("a held call", () =>
        raws<PgToolCall>(live(c.id), "pg_tool_call").find((call) => call.status === "awaiting_approval"),
      );
      decide(held.approvalId!);
      await turnEnded(c.id, 1);
      const res = await saveCase({ conversationId: c.id });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as TestCase;
    };
    const edited = await asked("What's the weather in Lisbon?", (id) =>
      getApprovals().answer(id, { action: "approve", arguments: { city: "Porto" } }),
    );
    const rejected = await asked("What's the weather in Oslo?", (id) => getApprovals().answer(id, { action: "reject", reason: "not now" }));
    expect(edited.answers).toEqual([
      {
        kind: "tool_approval",
        key: "get-forecast",
        request: { tool: "get-forecast", arguments: { city: "Lisbon" } },
        answer: { action: "approve", arguments: { city: "Porto" } },
      },
    ]);
    expect(edited.recorded.toolCalls).toEqual([{ name: "get-forecast", args: { city: "Porto" } }]);
    expect(rejected.answers.map((a) => a.answer)).toEqual([{ action: "reject", reason: "not now" }]);

    const { id: _i, createdAt: _c, updatedAt: _u, ...body } = edited;
    const unexpected: CaseBodyInput = { ...body, name: "no pause expected", answers: [], recorded: { ...body.recorded, pauses: [] } };
    const res = await cases.POST(post("/api/tests/cases", unexpected));
    const noPause = (await res.json()) as TestCase;

    const run = await runCase({}, [edited.id, rejected.id, noPause.id]);
    expect(run.results.map((r) => [r.caseName, r.status, r.reason])).toEqual([
      [edited.name, "pass", "all 1 assertion passed"],
      [rejected.name, "pass", "all 1 assertion passed"],
      [
        noPause.name,
        "fail",
        "pause 1: the peer paused for tool_approval (get-forecast), which the case did not expect (it recorded 0 pauses)",
      ],
    ]);
    // The edited arguments went to the server again, and the replays' approvals never reached the inbox.
    expect(run.results[0]?.outcome.toolCalls).toEqual([{ name: "get-forecast", args: { city: "Porto" } }]);
    const titles = ((await (await inbox.GET()).json()) as InboxRow[]).flatMap((r) =>
      r.source === "approval" && r.origin.kind === "playground" ? [r.origin.title] : [],
    );
    expect(titles.some((t) => t.startsWith("test "))).toBe(false);
    expect(titles).toEqual(expect.arrayContaining(["What's the weather in Lisbon?", "What's the weather in Oslo?"]));
  }, 60_000);
});
