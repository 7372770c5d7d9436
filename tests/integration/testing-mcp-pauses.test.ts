import { afterAll, beforeAll, expect, it } from "vitest";
import { assertionSchema } from "@/lib/contracts/testing";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getInbox } from "@/lib/server/inbox";
import { MAX_EXCHANGE_FRAMES } from "@/lib/server/mcp/testing/exchange";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getTesting } from "@/lib/server/testing/service";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

/**
 * Issue 24: a replayed MCP case answers only the server requests of its own calls, against real
 * server-everything's elicitation tool. Two cases with different recorded answers, two repetitions
 * each, four at once: each replay got the other's answer or none before replays took turns on a
 * connection; and a user's own call made while a suite runs is never answered by the suite.
 */
const data = tempDir("loupe-test-pauses-");
process.env.LOUPE_DATA_DIR = data.dir;
let connectionId = "";

beforeAll(async () => {
  connectionId = (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
}, 30_000);
afterAll(async () => {
  await getTesting().closeAll();
  await getRegistry().closeAll();
  data.cleanup();
});

async function pending(except: ReadonlySet<string> = new Set()): Promise<McpClientRequest> {
  for (let i = 0; i < 400; i++) {
    const p = getClientRequests()
      .list({ connectionId })
      .find((r) => r.status === "pending" && !except.has(r.id));
    if (p) return p;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("no pending request");
}

const person = (name: string) => ({ action: "accept", content: { name, check: true, email: `${name.toLowerCase()}@example.com` } });

/** A case recorded from a call of the elicitation tool answered with `name`. */
async function recordedCase() {
  const running = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
  const request = await pending();
  await getClientRequests().answer(connectionId, request.id, person("Ada"));
  const call = await running;
  return getTesting().caseFrom({ protocol: "mcp", from: "call", ref: { connectionId, callId: call.id } });
}

it("cases run at once each answer their own calls' elicitations with their own recorded answers", async () => {
  const t = getTesting();
  const a = await recordedCase();
  const { id: _id, createdAt: _c, updatedAt: _u, ...body } = a;
  expect(body.answers).toHaveLength(1);
  const has = (text: string) => [assertionSchema.parse({ type: "contains", text })];
  const A = t.store.updateCase(a.id, { ...body, name: "A", assertions: has("Ada") });
  const B = t.store.createCase({
    ...body,
    name: "B",
    answers: body.answers.map((x) => ({ ...x, answer: person("Bob") })),
    assertions: has("Bob"),
  });
  const suite = t.store.createSuite({ name: "both", caseIds: [A.id, B.id], repetitions: 2, concurrency: 4, timeoutMs: 20_000 });
  const inboxBefore = getInbox()
    .list()
    .map((r) => r.id);
  const run = await t.startRun(suite.id, {}).done;
  // The four replays' elicitations were the script's: none is in the inbox, pending or answered.
  expect(
    getInbox()
      .list()
      .map((r) => r.id),
  ).toEqual(inboxBefore);
  expect(run.results.map((r) => [r.caseName, r.status, r.reason])).toEqual([
    ["A", "pass", "all 1 assertion passed"],
    ["A", "pass", "all 1 assertion passed"],
    ["B", "pass", "all 1 assertion passed"],
    ["B", "pass", "all 1 assertion passed"],
  ]);
}, 90_000);

it("a suite never answers the user's own call made on the same connection while it runs", async () => {
  const t = getTesting();
  const a = await recordedCase();
  const suite = t.store.createSuite({ name: "one", caseIds: [a.id], repetitions: 1, concurrency: 1, timeoutMs: 5_000 });
  const before = new Set(
    getClientRequests()
      .list({ connectionId })
      .map((r) => r.id),
  );
  const user = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
  const userRequest = await pending(before);
  const run = await t.startRun(suite.id, {}).done;
  // The user's request is still theirs to answer: the suite's recorded "Ada" did not reach it.
  expect(getClientRequests().get(userRequest.id)?.status).toBe("pending");
  // It timed out waiting on its own request, which no call could claim: the reason says so in words.
  expect(run.results[0]?.status).toBe("fail");
  expect(run.results[0]?.reason).toMatch(
    /^timed out after 5000 ms: the server's elicitation_form request \S+ could not be tied to this case's call \(another call was running on the connection\)/,
  );
  await getClientRequests().answer(connectionId, userRequest.id, person("Zoe"));
  const call = await user;
  expect(JSON.stringify(call.result)).toContain("Zoe");
}, 90_000);

it("a call's answers are refused in words when a request of its run could not be tied to it (two calls at once)", async () => {
  const before = new Set(
    getClientRequests()
      .list({ connectionId })
      .map((r) => r.id),
  );
  const one = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
  const two = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
  const first = await pending(before);
  const second = await pending(new Set([...before, first.id]));
  expect([first.relatedCall, second.relatedCall]).toEqual([undefined, undefined]);
  await getClientRequests().answer(connectionId, first.id, person("Ada"));
  await getClientRequests().answer(connectionId, second.id, person("Bob"));
  const [call] = await Promise.all([one, two]);
  // Before: saved with no answers, a case that could only fail ("did not expect").
  await expect(getTesting().caseFrom({ protocol: "mcp", from: "call", ref: { connectionId, callId: call.id } })).rejects.toMatchObject({
    code: "conflict:case_source",
    message: expect.stringMatching(
      /^2 server requests \(elicitation_form, elicitation_form\) came while trigger-elicitation-request ran but could not be tied to it/,
    ),
  });
}, 30_000);

it("an exchange case pairs each request with its own session's response and carries the answers given", async () => {
  const from = getRegistry().hub.maxSeq() + 1;
  await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "before the reconnect" } });
  // A new session: the client's JSON-RPC ids start again, so the next echo reuses the first one's id.
  await getRegistry().disconnect(connectionId);
  await getRegistry().connect(connectionId);
  await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "after it" } });
  await recordedCase();
  const exchange = await getTesting().caseFrom({
    protocol: "mcp",
    from: "exchange",
    ref: { connectionId, fromSeq: from, toSeq: getRegistry().hub.maxSeq() },
  });
  expect(exchange.steps.map((s) => s.label)).toEqual(["call echo", "tools/list", "call echo", "call trigger-elicitation-request"]);
  expect(
    exchange.recorded.steps?.filter((s) => s.kind === "tools/call").map((s) => JSON.stringify(s.result).match(/Echo: [a-z ]+|Ada/)?.[0]),
  ).toEqual(["Echo: before the reconnect", "Echo: after it", "Ada"]);
  expect(exchange.answers.map((a) => [a.kind, a.key, a.answer])).toEqual([
    ["elicitation_form", "trigger-elicitation-request", person("Ada")],
  ]);
  const suite = getTesting().store.createSuite({
    name: "exchange",
    caseIds: [exchange.id],
    repetitions: 1,
    concurrency: 1,
    timeoutMs: 20_000,
  });
  const run = await getTesting().startRun(suite.id, {}).done;
  expect(run.results.map((r) => [r.status, r.pauseFailures])).toEqual([["pass", []]]);
}, 60_000);

it("a range of more frames than a case reads is refused in words, not cut", async () => {
  const from = getRegistry().hub.maxSeq() + 1;
  await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "first" } });
  const hub = getRegistry().hub;
  for (let id = 0; id < MAX_EXCHANGE_FRAMES; id++)
    hub.record({
      connectionId,
      sessionKey: null,
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "out",
      protocol: "mcp",
      kind: "message",
      raw: { jsonrpc: "2.0", id: `p${id}`, method: "ping" },
    });
  await getRegistry().callTool(connectionId, { name: "echo", arguments: { message: "last" } });
  // Before: saved with the last echo alone, the first cut off without a word.
  await expect(
    getTesting().caseFrom({ protocol: "mcp", from: "exchange", ref: { connectionId, fromSeq: from, toSeq: hub.maxSeq() } }),
  ).rejects.toMatchObject({
    code: "bad_request:case_source",
    message: expect.stringContaining(`holds more than ${MAX_EXCHANGE_FRAMES} frames`),
  });
}, 60_000);

it("a case saved from a call after Loupe restarted keeps the answers (read from the stored requests)", async () => {
  const running = getRegistry().callTool(connectionId, { name: "trigger-elicitation-request", arguments: {} });
  await getClientRequests().answer(connectionId, (await pending()).id, person("Ada"));
  const call = await running;
  // A new Loupe process has none of the old one's memory: drop the process-wide request registry (last test of the file).
  Reflect.deleteProperty(globalThis, Symbol.for("loupe.clientRequests"));
  const saved = await getTesting().caseFrom({ protocol: "mcp", from: "call", ref: { connectionId, callId: call.id } });
  // Before: no answers (only the in-memory requests were read), a case that failed "did not expect".
  expect(saved.answers.map((x) => x.answer)).toEqual([person("Ada")]);
}, 30_000);
