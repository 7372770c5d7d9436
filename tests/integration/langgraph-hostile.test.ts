/**
 * Loupe's LangGraph service against a hostile LangGraph API server (tests/fixtures/langgraph/
 * hostile-server.ts): unknown event names, data that is not JSON or not an object, interrupts of
 * every shape, a stream cut mid-event, no metadata, 10,000 events, HTTP 500 in HTML, a 200 that is
 * not SSE, a thread GET that is not JSON, a graph of unknown shapes, interrupt ids shared by two
 * threads. Each is kept raw and flagged, ends in words, and never makes a route answer 500; the
 * recorded entries go through the timeline normalizer without a throw.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Entry } from "@/lib/contracts/entries";
import { LgRunBody } from "@/lib/contracts/langgraph";
import type { LgHumanRequest, LgRunRecord } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import { buildLgTimeline, lgTimelineRows } from "@/lib/protocols/langgraph";
import type { LgNote } from "@/lib/protocols/langgraph";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { openStore } from "@/lib/server/store";
import { isRecord } from "@/lib/values";
import { tempDir } from "@/tests/support/servers";
import {
  ALL_FALSE,
  HUGE,
  MANY_EVENTS,
  ODD_VALUES,
  SHARED_INTERRUPT_ID,
  startHostileLangGraph,
} from "@/tests/fixtures/langgraph/hostile-server";
import type { HostileLangGraph } from "@/tests/fixtures/langgraph/hostile-server";
import { getLangGraph } from "@/lib/server/langgraph";
import * as deploymentsRoute from "@/app/api/langgraph/deployments/route";
import * as assistantsRoute from "@/app/api/langgraph/deployments/[id]/assistants/route";
import * as graphRoute from "@/app/api/langgraph/deployments/[id]/assistants/[aid]/graph/route";
import * as threadsRoute from "@/app/api/langgraph/deployments/[id]/threads/route";
import * as threadRoute from "@/app/api/langgraph/deployments/[id]/threads/[tid]/route";
import * as entriesRoute from "@/app/api/langgraph/deployments/[id]/threads/[tid]/entries/route";
import * as runsRoute from "@/app/api/langgraph/deployments/[id]/runs/route";
import * as cancelRoute from "@/app/api/langgraph/deployments/[id]/runs/[runId]/cancel/route";
import * as requestRoute from "@/app/api/langgraph/requests/[requestId]/route";

let srv: HostileLangGraph;
const data = tempDir("loupe-lg-hostile-");
// The routes' singletons read LOUPE_DATA_DIR lazily, on their first call.
process.env.LOUPE_DATA_DIR = `${data.dir}/routes`;
let lg: LangGraphService;
let dep = "";

beforeAll(async () => {
  srv = await startHostileLangGraph();
});
afterAll(async () => {
  await getLangGraph().closeAll();
  await srv.close();
  data.cleanup();
});
beforeEach(async () => {
  lg = new LangGraphService(new Hub(openStore(`${data.dir}/${Math.random()}`)));
  dep = (await lg.create({ name: "hostile", url: srv.url, headers: {}, pollSeconds: 0 })).id;
});
afterEach(async () => {
  await lg.closeAll();
  lg.hub.store.close();
});

const newThread = async () => (await lg.threads.create(dep, { metadata: {} })).threadId;

async function run(script: string, threadId?: string) {
  const tid = threadId ?? (await newThread());
  const { runId } = await lg.startRun(dep, LgRunBody.parse({ assistantId: "odd", threadId: tid, input: { script } }));
  const outcome = await lg.runDone(runId);
  const record: LgRunRecord | undefined = outcome?.record ?? lg.store.threadRuns(dep, tid).at(-1);
  if (!record) throw new Error("no run record");
  return { runId, threadId: tid, record };
}

/** What Loupe recorded on the thread, whole (the entries route previews large raws). */
const recorded = (threadId: string): Entry[] => lg.store.threadEntries(dep, threadId, 1_000_000);
const ofKind = (threadId: string, kind: string) => recorded(threadId).filter((e) => e.kind === kind);
const raw = (e: Entry): Record<string, unknown> => (isRecord(e.raw) ? e.raw : {});
const pending = (threadId: string): LgHumanRequest[] => lg.listRequests().filter((r) => r.threadId === threadId && r.status === "pending");

/** The thread's entries through the browser's normalizer: never a throw, and the notes it flagged. */
function timelineOf(entries: Entry[]): { notes: LgNote[]; rows: number } {
  const timeline = buildLgTimeline(entries);
  const rows = lgTimelineRows(timeline);
  expect(rows.length).toBeGreaterThan(0);
  return { notes: timeline.runs.flatMap((r) => r.notes), rows: rows.length };
}

async function refused(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return AppError.from(e);
}

describe("events of any name and any data are kept raw and flagged", () => {
  it("unknown event names are recorded as lg_event with their name and noted unknown", async () => {
    const { threadId, record } = await run("unknown-events");
    expect(record.status).toBe("success");
    const names = ofKind(threadId, "lg_event").map((e) => raw(e).event);
    expect(names).toEqual(["metadata", "surprise", "values", "feedback|sub:1"]);
    expect(record.eventCount).toBe(4);
    const { notes } = timelineOf(recorded(threadId));
    expect(notes.filter((n) => n.kind === "unknown").map((n) => (n.kind === "unknown" ? n.event : ""))).toEqual([
      "surprise",
      "feedback|sub:1",
    ]);
  });

  it("data that is not JSON is lg_malformed with its text; JSON that is not an object is kept and noted", async () => {
    const { threadId, record } = await run("bad-data");
    expect(record.status).toBe("success");
    const malformed = ofKind(threadId, "lg_malformed").map(raw);
    expect(malformed).toEqual([
      expect.objectContaining({ event: "updates", text: "{not json", error: expect.stringContaining("Not JSON") }),
    ]);
    const events = ofKind(threadId, "lg_event").map(raw);
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ["metadata", { run_id: record.runId, attempt: 1 }],
      ["values", 42],
      ["updates", "a string"],
      ["debug", null],
      ["updates", [1, 2]],
      ["messages", {}],
      ["values", { ok: true }],
    ]);
    expect(record.eventCount).toBe(8);
    const { notes } = timelineOf(recorded(threadId));
    expect(notes.filter((n) => n.kind === "malformed")).toHaveLength(1);
    // The updates that are not objects and the messages event that is no message are shown raw.
    expect(notes.filter((n) => n.kind === "unknown").length).toBeGreaterThanOrEqual(3);
  });

  it("an error event ends the run with the graph's words", async () => {
    const { record } = await run("error-event");
    expect(record).toMatchObject({
      status: "error",
      error: { code: "upstream:langgraph_run_error", message: "ValueError: the graph raised" },
    });
  });
});

describe("streams that end badly", () => {
  it("a stream cut mid-event keeps what arrived and ends in error, in words", async () => {
    const { threadId, record } = await run("cut");
    expect(record.status).toBe("error");
    expect(record.error?.code).toBe("upstream:langgraph_stream_cut");
    expect(record.error?.message).toMatch(/stream ended before the run finished/i);
    const kinds = recorded(threadId).map((e) => e.kind);
    expect(kinds.filter((k) => k === "lg_event")).toHaveLength(2);
    // The half event is dispatched anyway: its data did not parse, so it is kept as text.
    expect(ofKind(threadId, "lg_malformed").map(raw)).toEqual([expect.objectContaining({ event: "updates", text: '{"agent": {"mess' })]);
    const { notes } = timelineOf(recorded(threadId));
    expect(notes.some((n) => n.kind === "malformed")).toBe(true);
    expect(buildLgTimeline(recorded(threadId)).runs[0]?.status).toBe("error");
  });

  it("a stream without metadata (nor Content-Location) is recorded under Loupe's run id", async () => {
    const { threadId, record, runId } = await run("no-metadata");
    expect(record).toMatchObject({ status: "success", eventCount: 1 });
    expect(ofKind(threadId, "lg_event").map((e) => raw(e).runId)).toEqual([runId]);
    expect(buildLgTimeline(recorded(threadId)).runs.map((r) => r.runId)).toEqual([runId]);
  });

  it("HTTP 500 with an HTML body: a 502 with the status and the page's words, the run recorded as error", async () => {
    const tid = await newThread();
    const e = await refused(lg.startRun(dep, LgRunBody.parse({ assistantId: "odd", threadId: tid, input: { script: "http500" } })));
    expect(e.code).toBe("upstream:langgraph_http");
    expect(e.status).toBe(502);
    expect(e.message).toContain("HTTP 500");
    expect(e.message).toContain("the graph exploded");
    const [run] = lg.store.threadRuns(dep, tid);
    expect(run).toMatchObject({ status: "error", error: { code: "upstream:langgraph_http" } });
    expect(buildLgTimeline(recorded(tid)).runs[0]?.status).toBe("error");
  });

  it("a 200 that is not an event stream is refused in words, not read as a cut stream", async () => {
    const tid = await newThread();
    const e = await refused(lg.startRun(dep, LgRunBody.parse({ assistantId: "odd", threadId: tid, input: { script: "not-sse" } })));
    expect(e.status).toBe(502);
    expect(e.code).toBe("upstream:langgraph_not_sse");
    expect(e.message).toContain("application/json");
    expect(lg.store.threadRuns(dep, tid)[0]?.status).toBe("error");
  });

  it(`a ${MANY_EVENTS.toLocaleString("en")}-event run is recorded whole`, async () => {
    const { threadId, record } = await run("many");
    expect(record).toMatchObject({ status: "success", eventCount: MANY_EVENTS + 1 });
    expect(ofKind(threadId, "lg_event")).toHaveLength(MANY_EVENTS + 1);
    expect(lg.threads.entries(dep, threadId).filter((e) => e.kind === "lg_event")).toHaveLength(MANY_EVENTS + 1);
    const timeline = buildLgTimeline(recorded(threadId));
    expect(timeline.runs[0]?.steps).toHaveLength(MANY_EVENTS);
  });
});

describe("interrupts of any shape become requests that can be answered", () => {
  it("odd values are generic requests; each answered with a value, they resume together by interrupt id", async () => {
    const { threadId, record } = await run("odd-interrupts");
    expect(record.status).toBe("interrupted");
    const open = pending(threadId);
    expect(Object.fromEntries(open.map((r) => [r.interruptId, r.shape]))).toEqual(
      Object.fromEntries(Object.keys(ODD_VALUES).map((id) => [id, "generic"])),
    );
    expect(open.find((r) => r.interruptId === "i-huge")?.value).toBe(HUGE);
    expect(open.find((r) => r.interruptId === "i-null")?.value).toBeNull();
    const noConfig = open.find((r) => r.interruptId === "i-no-config")!;
    expect((await refused(lg.answerRequest(noConfig.id, { kind: "accept" }))).code).toBe("bad_request:langgraph_answer_kind");
    for (const r of open) await lg.answerRequest(r.id, { kind: "value", value: { for: r.interruptId } });
    const last = lg.getRequest(open.at(-1)!.id);
    expect(last.answeredByRunId).toBeDefined();
    await lg.runDone(last.answeredByRunId!);
    expect(srv.resumes.at(-1)).toEqual({
      path: `/threads/${threadId}/runs/stream`,
      resume: Object.fromEntries(Object.keys(ODD_VALUES).map((id) => [id, { for: id }])),
    });
    expect(
      lg
        .listRequests()
        .filter((r) => r.threadId === threadId)
        .map((r) => r.status),
    ).toEqual(open.map(() => "answered"));
    // The timeline: the __interrupt__ that is not a list is flagged, every listed value shown.
    const { notes } = timelineOf(recorded(threadId));
    const unknown = notes.filter((n) => n.kind === "unknown");
    expect(unknown.length).toBeGreaterThanOrEqual(2);
    const interrupts = notes.filter((n) => n.kind === "interrupt");
    expect(interrupts.length).toBeGreaterThanOrEqual(Object.keys(ODD_VALUES).length + 3);
  });

  it("a HumanInterrupt that allows nothing refuses every HumanResponse in words; a plain value still resumes it", async () => {
    const { threadId } = await run("human-all-false");
    const [r, ...rest] = pending(threadId);
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ shape: "human_interrupt", value: ALL_FALSE });
    const answers = [{ kind: "accept" }, { kind: "edit", args: {} }, { kind: "response", text: "no" }, { kind: "ignore" }] as const;
    for (const answer of answers) {
      const e = await refused(lg.answerRequest(r!.id, answer));
      expect(e.status).toBe(400);
      expect(e.code).toBe("bad_request:langgraph_answer_not_allowed");
      expect(e.message).toMatch(/does not allow/);
    }
    expect(lg.getRequest(r!.id).status).toBe("pending");
    const answered = await lg.answerRequest(r!.id, { kind: "value", value: { type: "ignore", args: null } });
    await lg.runDone(answered.answeredByRunId!);
    expect(srv.resumes.at(-1)).toEqual({ path: `/threads/${threadId}/runs/stream`, resume: { type: "ignore", args: null } });
  });

  it("the same interrupt id on two threads is two requests; each answer reaches its own thread", async () => {
    const a = await run("shared-ids");
    const b = await run("shared-ids");
    const [ra] = pending(a.threadId);
    const [rb] = pending(b.threadId);
    expect(ra?.interruptId).toBe(SHARED_INTERRUPT_ID);
    expect(rb?.interruptId).toBe(SHARED_INTERRUPT_ID);
    expect(ra?.id).not.toBe(rb?.id);
    const before = srv.resumes.length;
    const doneB = await lg.answerRequest(rb!.id, { kind: "value", value: "for B" });
    await lg.runDone(doneB.answeredByRunId!);
    expect(lg.getRequest(ra!.id).status).toBe("pending");
    const doneA = await lg.answerRequest(ra!.id, { kind: "value", value: "for A" });
    await lg.runDone(doneA.answeredByRunId!);
    expect(srv.resumes.slice(before)).toEqual([
      { path: `/threads/${b.threadId}/runs/stream`, resume: "for B" },
      { path: `/threads/${a.threadId}/runs/stream`, resume: "for A" },
    ]);
    expect([lg.getRequest(ra!.id).status, lg.getRequest(rb!.id).status]).toEqual(["answered", "answered"]);
  });
});

describe("reads the server answers badly", () => {
  it("a thread GET that is not JSON is a 502 in words", async () => {
    const { threadId } = await lg.threads.create(dep, { metadata: {}, threadId: "malformed-1" });
    const e = await refused(lg.threads.detail(dep, threadId));
    expect(e).toMatchObject({ code: "upstream:langgraph_shape", status: 502 });
    expect(e.message).toContain("not JSON");
  });

  it("a run whose thread cannot be read back still ends, its events kept", async () => {
    await lg.threads.create(dep, { metadata: {}, threadId: "malformed-2" });
    const { threadId, record } = await run("unknown-events", "malformed-2");
    expect(record.endedAt).not.toBeNull();
    expect(ofKind(threadId, "lg_event")).toHaveLength(4);
  });

  it("an assistant's schemas: the input schema is read and kept; a server that fails says so in words and is asked again", async () => {
    const schemas = await lg.schemas(dep, "odd");
    expect(schemas).toMatchObject({
      assistantId: "odd",
      input: { type: "object", properties: { topic: { type: "string" } } },
      state: null,
    });
    await lg.schemas(dep, "odd");
    expect(srv.schemaAsks()).toBe(1);
    const e = await refused(lg.schemas(dep, "no-graph"));
    expect(e).toMatchObject({ code: "upstream:langgraph_http", status: 502 });
    expect(e.message).toContain("schema extraction failed");
    await refused(lg.schemas(dep, "no-graph"));
    expect(srv.schemaAsks()).toBe(3);
  });

  it("a thread list with a thread that has no id lists the others; an odd status is said as text", async () => {
    await lg.threads.create(dep, { metadata: {}, threadId: "plain-1" });
    const listed = await lg.threads.list(dep, {});
    expect(listed.map((t) => t.threadId)).toContain("plain-1");
    expect(listed.find((t) => t.threadId === "odd-status")?.status).toBe("7");
    expect(listed.every((t) => typeof t.threadId === "string" && t.threadId.length > 0)).toBe(true);
  });

  it("a run that paused in its stream reads interrupted when its thread cannot be read back", async () => {
    await lg.threads.create(dep, { metadata: {}, threadId: "malformed-3" });
    const { record } = await run("shared-ids", "malformed-3");
    expect(record.status).toBe("interrupted");
  });

  it("assistants with odd fields are listed; a graph of unknown shapes is drawn; one that is no graph is a 502", async () => {
    const assistants = await lg.assistants(dep);
    expect(assistants.map((a) => [a.assistantId, a.name])).toEqual([
      ["odd", "odd"],
      ["no-graph", "no-graph"],
    ]);
    const g = await lg.graph(dep, "odd", true);
    expect(g.nodes.map((n) => [n.id, n.type, n.name, n.parents])).toEqual([
      ["__start__", "schema", "__start__", []],
      ["7", "runnable", "7", []],
      ["sub:inner:leaf", "mystery", "leaf", ["sub", "inner"]],
    ]);
    expect(g.edges).toEqual([
      { source: "__start__", target: "7", conditional: false },
      { source: "7", target: "nowhere", conditional: false },
      { source: "sub:inner:leaf", target: "__start__", conditional: true, label: "loop" },
    ]);
    const e = await refused(lg.graph(dep, "no-graph", false));
    expect(e).toMatchObject({ code: "upstream:langgraph_shape", status: 502 });
  });
});

describe("routes answer 4xx or 502 with the route's code, never 500", () => {
  const base = "http://127.0.0.1:3000";
  const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
  const req = (url: string, method = "GET", body?: unknown) =>
    new Request(base + url, {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
    });
  const errorOf = async (res: Response) => {
    const body: unknown = await res.json();
    const error = isRecord(body) && isRecord(body.error) ? body.error : {};
    return { status: res.status, code: error.code, message: String(error.message) };
  };
  let id = "";
  const runVia = async (script: string, threadId: string) =>
    runsRoute.POST(req(`/api/langgraph/deployments/${id}/runs`, "POST", { assistantId: "odd", threadId, input: { script } }), ctx({ id }));
  const threadVia = async (threadId?: string) => {
    const res = await threadsRoute.POST(req(`/api/langgraph/deployments/${id}/threads`, "POST", threadId ? { threadId } : {}), ctx({ id }));
    const body: unknown = await res.json();
    return isRecord(body) && typeof body.threadId === "string" ? body.threadId : "";
  };

  beforeAll(async () => {
    const res = await deploymentsRoute.POST(req("/api/langgraph/deployments", "POST", { name: "hostile", url: srv.url, pollSeconds: 0 }));
    expect(res.status).toBe(201);
    const view: unknown = await res.json();
    id = isRecord(view) && typeof view.id === "string" ? view.id : "";
  });

  it("runs: HTTP 500, not SSE and a bad body", async () => {
    const tid = await threadVia();
    expect(await errorOf(await runVia("http500", tid))).toMatchObject({ status: 502, code: "upstream:langgraph_http" });
    expect(await errorOf(await runVia("not-sse", tid))).toMatchObject({ status: 502, code: "upstream:langgraph_not_sse" });
    const bad = await runsRoute.POST(req(`/api/langgraph/deployments/${id}/runs`, "POST", { threadId: tid }), ctx({ id }));
    expect(await errorOf(bad)).toMatchObject({ status: 400, code: "bad_request:body" });
    const nowhere = await runsRoute.POST(req(`/api/langgraph/deployments/nope/runs`, "POST", { assistantId: "odd" }), ctx({ id: "nope" }));
    expect(await errorOf(nowhere)).toMatchObject({ status: 404, code: "not_found:langgraph_deployment" });
  });

  it("a thread that is not JSON, a graph that is no graph, odd assistants", async () => {
    const tid = await threadVia("malformed-route");
    const thread = await threadRoute.GET(req(`/api/langgraph/deployments/${id}/threads/${tid}`), ctx({ id, tid }));
    expect(await errorOf(thread)).toMatchObject({ status: 502, code: "upstream:langgraph_shape" });
    const noGraph = await graphRoute.GET(req(`/api/langgraph/deployments/${id}/assistants/no-graph/graph`), ctx({ id, aid: "no-graph" }));
    expect(await errorOf(noGraph)).toMatchObject({ status: 502, code: "upstream:langgraph_shape" });
    const odd = await graphRoute.GET(req(`/api/langgraph/deployments/${id}/assistants/odd/graph?xray=1`), ctx({ id, aid: "odd" }));
    expect(odd.status).toBe(200);
    const assistants = await assistantsRoute.GET(req(`/api/langgraph/deployments/${id}/assistants`), ctx({ id }));
    expect(assistants.status).toBe(200);
  });

  it("answers: unknown request 404, a forbidden kind 400, a second answer 409; a cancel of an ended run 409", async () => {
    const missing = await requestRoute.POST(req("/api/langgraph/requests/nope", "POST", { kind: "accept" }), ctx({ requestId: "nope" }));
    expect(await errorOf(missing)).toMatchObject({ status: 404, code: "not_found:langgraph_request" });
    const tid = await threadVia();
    const started = await runVia("human-all-false", tid);
    expect(started.status).toBe(202);
    const { runId } = z.object({ runId: z.string() }).parse(await started.json());
    await getLangGraph().runDone(runId);
    const r = getLangGraph()
      .listRequests()
      .find((x) => x.threadId === tid);
    const requestId = r?.id ?? "";
    const answer = (body: unknown) => requestRoute.POST(req(`/api/langgraph/requests/${requestId}`, "POST", body), ctx({ requestId }));
    expect(await errorOf(await answer({ kind: "accept" }))).toMatchObject({
      status: 400,
      code: "bad_request:langgraph_answer_not_allowed",
    });
    expect(await errorOf(await answer({ kind: "nonsense" }))).toMatchObject({ status: 400, code: "bad_request:body" });
    const ok = await answer({ kind: "value", value: "go" });
    expect(ok.status).toBe(200);
    expect(await errorOf(await answer({ kind: "value", value: "again" }))).toMatchObject({
      status: 409,
      code: "conflict:langgraph_request_answered",
    });
    const cancel = await cancelRoute.POST(req(`/api/langgraph/deployments/${id}/runs/${runId}/cancel`, "POST"), ctx({ id, runId }));
    expect(await errorOf(cancel)).toMatchObject({ status: 409, code: "conflict:langgraph_run_ended" });
  });

  it(`the entries route returns a ${MANY_EVENTS.toLocaleString("en")}-event run whole`, async () => {
    const tid = await threadVia();
    const started = await runVia("many", tid);
    const { runId } = z.object({ runId: z.string() }).parse(await started.json());
    await getLangGraph().runDone(runId);
    const res = await entriesRoute.GET(req(`/api/langgraph/deployments/${id}/threads/${tid}/entries`), ctx({ id, tid }));
    expect(res.status).toBe(200);
    const list: unknown = await res.json();
    const entries = Array.isArray(list) ? list.filter(isRecord) : [];
    expect(entries.filter((e) => e.kind === "lg_event")).toHaveLength(MANY_EVENTS + 1);
    const missing = await entriesRoute.GET(req(`/api/langgraph/deployments/nope/threads/${tid}/entries`), ctx({ id: "nope", tid }));
    expect(missing.status).toBe(404);
  });
});
