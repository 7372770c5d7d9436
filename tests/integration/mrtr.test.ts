import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { groupMrtrRounds } from "@/lib/protocols/mcp/mrtr-rounds";
import { pairTraffic } from "@/lib/protocols/mcp/pairing";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getTaskManager } from "@/lib/server/mcp/tasks";
import { stdioInput, tempDir } from "@/tests/support/servers";
import * as callRoute from "@/app/api/connections/[id]/tools/call/route";
import * as cancelRoute from "@/app/api/connections/[id]/calls/[callId]/cancel/route";
import * as oneCallRoute from "@/app/api/connections/[id]/calls/[callId]/route";
import * as callsRoute from "@/app/api/connections/[id]/calls/route";
import * as promptRoute from "@/app/api/connections/[id]/prompts/get/route";
import * as answerRoute from "@/app/api/connections/[id]/requests/[requestId]/route";
import * as trafficRoute from "@/app/api/connections/[id]/traffic/route";
import * as inboxRoute from "@/app/api/inbox/route";
import * as readRoute from "@/app/api/connections/[id]/resources/read/route";
import * as tasksRoute from "@/app/api/connections/[id]/tasks/route";
import * as taskCancelRoute from "@/app/api/connections/[id]/tasks/[taskId]/cancel/route";
import * as taskPollRoute from "@/app/api/connections/[id]/tasks/[taskId]/poll/route";
import * as taskResultRoute from "@/app/api/connections/[id]/tasks/[taskId]/result/route";
import type { TaskRecord } from "@/lib/contracts/tasks";

// Multi round-trip requests (2026-07-28) through Loupe's routes against a real SDK-v2 server
// (tests/fixtures/mrtr-server.mjs): the input requests land in the inbox next to the waiting call,
// the answer goes back in the retried request, and the traffic groups the legs.
const data = tempDir("loupe-mrtr-");
process.env.LOUPE_DATA_DIR = data.dir;
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/mrtr-server.mjs");

const base = "http://127.0.0.1:3000";
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
const post = (body: unknown) =>
  new Request(base + "/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

afterAll(async () => {
  await getRegistry().closeAll();
  data.cleanup();
});

async function until<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function connect(name: string, extra: Partial<ConnectionInput> = {}): Promise<string> {
  const view = await getRegistry().create({ ...stdioInput(name, [FIXTURE]), protocolEra: "2026-07-28", ...extra } as ConnectionInput);
  expect(view.state.status).toBe("connected");
  expect(view.state.era?.version).toBe("2026-07-28");
  return view.id;
}

/** Starts a tools/call through the route without awaiting it, and waits for the next pending request. */
async function callUntilRequest(id: string, name: string, args: Record<string, unknown>, callId: string) {
  const before = new Set(
    getClientRequests()
      .list({ connectionId: id })
      .map((r) => r.id),
  );
  const call = callRoute.POST(post({ name, arguments: args, callId }), ctx({ id })).then((r) => r.json() as Promise<CallRecord>);
  const request = await until(() =>
    getClientRequests()
      .list({ connectionId: id })
      .find((r) => !before.has(r.id) && r.status === "pending"),
  );
  return { call, request };
}

async function nextRequest(id: string, after: McpClientRequest): Promise<McpClientRequest> {
  return until(() =>
    getClientRequests()
      .list({ connectionId: id })
      .find((r) => r.createdAt >= after.createdAt && r.id !== after.id && r.status === "pending"),
  );
}

const answer = (id: string, requestId: string, body: unknown) => answerRoute.POST(post(body), ctx({ id, requestId }));
const text = (record: CallRecord) => ((record.result as { content?: { text?: string }[] })?.content ?? []).map((c) => c.text).join("\n");

async function traffic(id: string): Promise<Entry[]> {
  const res = await trafficRoute.GET(new Request(`${base}/api/connections/${id}/traffic?limit=1000`), ctx({ id }));
  return (await res.json()) as Entry[];
}

describe("MRTR input requests in the inbox (2026-07-28, stdio)", () => {
  it("an elicitation answered from the inbox finishes the call; the card names the call and round 1", async () => {
    const id = await connect("mrtr-elicit");
    const { call, request } = await callUntilRequest(id, "confirm-order", { item: "tea", quantity: 2 }, "call-confirm");
    expect(request).toMatchObject({
      kind: "elicitation_form",
      jsonrpcId: "confirm",
      relatedCall: { callId: "call-confirm", tool: "confirm-order" },
      mrtr: { key: "confirm", round: 1, method: "tools/call", target: "confirm-order" },
    });
    expect(request.params.message).toBe("Place an order for 2 × tea?");
    // The shared inbox lists it, pending, with the same link.
    const inbox = (await (await inboxRoute.GET()).json()) as InboxRow[];
    expect(inbox.find((r) => r.source === "mcp" && r.id === request.id)).toMatchObject({
      status: "pending",
      relatedCall: { callId: "call-confirm" },
      mrtr: { round: 1 },
    });

    const res = await answer(id, request.id, { action: "accept", content: { confirm: true, note: "green" } });
    expect(res.status).toBe(200);
    const done = await call;
    expect(done.status).toBe("ok");
    expect(text(done)).toBe("Order placed: 2 × tea (green)");

    // On the wire: the original request, the input_required result, the retry with inputResponses.
    const chain = groupMrtrRounds(pairTraffic(await traffic(id))).chains.find((c) => c.target === "confirm-order")!;
    expect(chain.legs.map((l) => [l.leg, l.outcome, l.answeredKeys])).toEqual([
      [1, "input_required", []],
      [2, "complete", ["confirm"]],
    ]);
    expect(chain.legs[0]!.id).toBe(done.requestId);
    expect(chain.legs[1]!.id).not.toBe(chain.legs[0]!.id);
  }, 40_000);

  it("a two-round call: an elicitation, then sampling, the second carrying the server's requestState", async () => {
    const id = await connect("mrtr-two");
    const { call, request: first } = await callUntilRequest(id, "plan-trip", { days: 2 }, "call-trip");
    expect(first).toMatchObject({ kind: "elicitation_form", mrtr: { round: 1, key: "destination" }, relatedCall: { callId: "call-trip" } });
    expect(first.mrtr?.requestState).toBeUndefined();
    expect((await answer(id, first.id, { action: "accept", content: { city: "Lyon" } })).status).toBe(200);

    const second = await nextRequest(id, first);
    expect(second).toMatchObject({
      kind: "sampling",
      mrtr: { round: 2, key: "itinerary", firstRequestId: first.mrtr!.firstRequestId },
      relatedCall: { callId: "call-trip" },
    });
    expect(second.mrtr?.requestState).toMatch(/^v1\./);
    expect((await answer(id, second.id, { action: "accept", text: "Old town, then the river." })).status).toBe(200);
    const done = await call;
    expect(text(done)).toBe("Trip to Lyon (2 days): Old town, then the river.");

    const chain = groupMrtrRounds(pairTraffic(await traffic(id))).chains.find((c) => c.target === "plan-trip")!;
    expect(chain.legs.map((l) => l.outcome)).toEqual(["input_required", "input_required", "complete"]);
    expect(chain.legs[2]!.echoedState).toBe(second.mrtr!.requestState);
    expect(chain.legs[2]!.stateMismatch).toBe(false);
  }, 40_000);

  it("decline goes back as the elicitation's answer and the server says so", async () => {
    const id = await connect("mrtr-decline");
    const { call, request } = await callUntilRequest(id, "confirm-order", { item: "coffee" }, "call-decline");
    expect((await answer(id, request.id, { action: "decline" })).status).toBe(200);
    expect(text(await call)).toBe("Order not placed: the user chose decline");
  }, 40_000);

  it("a call cancelled while its round waits leaves the request stale (call_ended) and a late answer is a 409", async () => {
    const id = await connect("mrtr-cancel");
    const { call, request } = await callUntilRequest(id, "confirm-order", { item: "cake" }, "call-cancel");
    const cancelled = await cancelRoute.POST(post({ reason: "changed my mind" }), ctx({ id, callId: "call-cancel" }));
    expect(cancelled.status).toBe(200);
    expect((await call).status).toBe("cancelled");
    const stale = await until(() => {
      const r = getClientRequests().get(request.id);
      return r?.status === "stale" ? r : undefined;
    });
    expect(stale).toMatchObject({ staleCause: "call_ended" });
    expect(stale.reason).toContain("The call to confirm-order ended: cancelled");
    const late = await answer(id, request.id, { action: "accept", content: { confirm: true } });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string; details: { staleCause: string } } }).error).toMatchObject({
      code: "conflict:mcp_request",
      details: { staleCause: "call_ended" },
    });
    // No retry went out for the cancelled call: its only leg is the input_required one.
    const chain = groupMrtrRounds(pairTraffic(await traffic(id))).chains.find((c) => c.target === "confirm-order")!;
    expect(chain.legs).toHaveLength(1);
  }, 40_000);

  it("prompts/get asks in-band too: the request names the prompt and its round", async () => {
    const id = await connect("mrtr-prompt");
    const before = new Set(
      getClientRequests()
        .list({ connectionId: id })
        .map((r) => r.id),
    );
    const got = promptRoute.POST(post({ name: "greeting", arguments: {} }), ctx({ id }));
    const request = await until(() =>
      getClientRequests()
        .list({ connectionId: id })
        .find((r) => !before.has(r.id)),
    );
    expect(request).toMatchObject({ mrtr: { method: "prompts/get", target: "greeting", round: 1 } });
    expect(request.relatedCall).toBeUndefined();
    expect((await answer(id, request.id, { action: "accept", content: { name: "Ada" } })).status).toBe(200);
    const res = await got;
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("Say hello to Ada");
  }, 40_000);
});

describe("MRTR over Streamable HTTP and for resources/read", () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill("SIGTERM");
  });

  it("an HTTP connection: the round lands in the inbox next to the call and the retry finishes it", async () => {
    // Port from the range this work was given (7240–7259).
    const port = 7243;
    server = spawn(process.execPath, [FIXTURE, "--http", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
      server!.once("exit", (code) => reject(new Error(`fixture exited ${code}`)));
    });
    const view = await getRegistry().create({
      name: "mrtr-http",
      transport: "http",
      url: `http://127.0.0.1:${port}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
    });
    expect(view.state.era?.mode).toBe("modern");
    const { call, request } = await callUntilRequest(view.id, "summarize", { text: "a long text" }, "call-http");
    expect(request).toMatchObject({
      kind: "sampling",
      mrtr: { round: 1, key: "draft", target: "summarize" },
      relatedCall: { callId: "call-http" },
    });
    expect((await answer(view.id, request.id, { action: "accept", text: "Short." })).status).toBe(200);
    expect(text(await call)).toBe("Summary: Short.");
    const chain = groupMrtrRounds(pairTraffic(await traffic(view.id))).chains.find((c) => c.target === "summarize")!;
    expect(chain.legs.map((l) => l.outcome)).toEqual(["input_required", "complete"]);
  }, 40_000);

  it("resources/read asks in-band: the request names the resource URI", async () => {
    const id = await connect("mrtr-resource");
    const before = new Set(
      getClientRequests()
        .list({ connectionId: id })
        .map((r) => r.id),
    );
    const read = readRoute.POST(post({ uri: "mrtr://secret" }), ctx({ id }));
    const request = await until(() =>
      getClientRequests()
        .list({ connectionId: id })
        .find((r) => !before.has(r.id)),
    );
    expect(request).toMatchObject({ mrtr: { method: "resources/read", target: "mrtr://secret", round: 1, key: "unlock" } });
    expect((await answer(id, request.id, { action: "accept", content: { pin: "2468" } })).status).toBe(200);
    const res = await read;
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("secret for pin 2468");
  }, 40_000);
});

describe("the Tasks extension (SEP-2663) on a 2026-07-28 connection", () => {
  const WITH_TASKS = { sampling: true, elicitationForm: true, elicitationUrl: false, roots: true, tasks: true };
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status).toBe(status);
    return (await res.json()) as T;
  };

  it("a task-augmented call, its question answered from the inbox (tasks/update), polled to completed with the result", async () => {
    const id = await connect("tasks-ext", { clientCapabilities: WITH_TASKS });
    const created = await json<TaskRecord>(await tasksRoute.POST(post({ name: "slow-report", arguments: { ms: 600 } }), ctx({ id })), 201);
    expect(created).toMatchObject({
      flavour: "extension",
      origin: "loupe",
      tool: "slow-report",
      status: "working",
      ttl: 600_000,
      pollInterval: 250,
    });
    const taskId = created.taskId;

    // Half-way the server asks which format (input_required): Loupe's poller puts it in the inbox.
    const question = await until(
      () =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      20_000,
    );
    expect(question).toMatchObject({ kind: "elicitation_form", jsonrpcId: "format" });
    expect(question.relatedCall).toBeUndefined();
    expect(question.params.message).toBe("Report format?");
    const waiting = await json<TaskRecord>(await taskPollRoute.POST(post({}), ctx({ id, taskId })));
    expect(waiting).toMatchObject({ status: "input_required", inputKeys: ["format"], flavour: "extension" });

    expect((await answer(id, question.id, { action: "accept", content: { format: "long" } })).status).toBe(200);
    // The answer travelled as tasks/update with inputResponses under the server's key.
    const sent = (await traffic(id)).find((e) => e.direction === "out" && (e.raw as { method?: string }).method === "tasks/update");
    const params = (sent?.raw as { params: Record<string, unknown> }).params;
    expect(params.taskId).toBe(taskId);
    expect(params.inputResponses).toEqual({ format: { action: "accept", content: { format: "long" } } });

    const done = await until(() => {
      const r = getTaskRecord(id, taskId);
      return r?.status === "completed" ? r : undefined;
    }, 20_000);
    expect(done.result).toEqual({ content: [{ type: "text", text: "Report ready (long)" }], isError: false });
    // Fetching the result asks tasks/get (the extension has no tasks/result).
    const fetched = await json<TaskRecord>(await taskResultRoute.POST(post({}), ctx({ id, taskId })));
    expect(fetched).toMatchObject({ status: "completed", result: done.result });
    expect((await traffic(id)).some((e) => (e.raw as { method?: string }).method === "tasks/result")).toBe(false);
  }, 60_000);

  it("tasks/cancel: the task ends cancelled and its open question goes stale", async () => {
    const id = await connect("tasks-ext-cancel", { clientCapabilities: WITH_TASKS });
    const created = await json<TaskRecord>(await tasksRoute.POST(post({ name: "slow-report", arguments: { ms: 400 } }), ctx({ id })), 201);
    const question = await until(
      () =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      20_000,
    );
    const cancelled = await json<TaskRecord>(await taskCancelRoute.POST(post({}), ctx({ id, taskId: created.taskId })));
    expect(cancelled).toMatchObject({ status: "cancelled", flavour: "extension" });
    expect(getClientRequests().get(question.id)).toMatchObject({ status: "stale", staleCause: "call_ended" });
    expect((await answer(id, question.id, { action: "accept", content: { format: "short" } })).status).toBe(409);
  }, 60_000);

  it("a plain Run the server makes a task ends as status task (not failed), its record names the task, and the task's result comes with it", async () => {
    const id = await connect("tasks-ext-plain", { clientCapabilities: WITH_TASKS });
    const record = await json<CallRecord>(
      await callRoute.POST(post({ name: "slow-report", arguments: { ms: 400 }, callId: "plain-run" }), ctx({ id })),
    );
    // Nothing failed: the call's answer is the task.
    expect(record).toMatchObject({ id: "plain-run", status: "task", tool: "slow-report" });
    expect(record.error).toBeUndefined();
    const taskId = record.taskId!;
    expect(taskId).toEqual(expect.any(String));
    expect(getTaskRecord(id, taskId)).toMatchObject({ flavour: "extension", tool: "slow-report", origin: "loupe" });
    // The stored call (one call and the history) points at the task.
    expect(await json<CallRecord>(await oneCallRoute.GET(new Request(`${base}/x`), ctx({ id, callId: "plain-run" })))).toMatchObject({
      status: "task",
      taskId,
    });
    const history = await json<CallRecord[]>(
      await callsRoute.GET(new Request(`${base}/api/connections/${id}/calls?tool=slow-report`), ctx({ id })),
    );
    expect(history.find((c) => c.id === "plain-run")).toMatchObject({ status: "task", taskId });
    // Followed: its question reaches the inbox, stays answerable (the call's end abandons nothing)
    // and the answer finishes the task with its result.
    const question = await until(
      () =>
        getClientRequests()
          .list({ connectionId: id })
          .find((r) => r.status === "pending"),
      20_000,
    );
    expect(question.params.message).toBe("Report format?");
    expect((await answer(id, question.id, { action: "accept", content: { format: "short" } })).status).toBe(200);
    const done = await until(() => {
      const r = getTaskRecord(id, taskId);
      return r?.status === "completed" ? r : undefined;
    }, 20_000);
    expect(done.result).toEqual({ content: [{ type: "text", text: "Report ready (short)" }], isError: false });
  }, 60_000);

  it("without tasks declared the same tool runs inline: no task, a plain result", async () => {
    const id = await connect("tasks-ext-off");
    const res = await callRoute.POST(post({ name: "slow-report", arguments: { ms: 50 } }), ctx({ id }));
    const record = (await res.json()) as CallRecord;
    expect(record.status).toBe("ok");
    expect(text(record)).toBe("Report ready after 50 ms (inline)");
  }, 40_000);
});

function getTaskRecord(connectionId: string, taskId: string): TaskRecord | undefined {
  const conn = getRegistry().connection(connectionId);
  try {
    return conn ? getTaskManager().get(conn, taskId) : undefined;
  } catch {
    return undefined;
  }
}
