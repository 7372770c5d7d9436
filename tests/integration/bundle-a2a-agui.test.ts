import { createServer } from "node:http";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { A2aHumanRequest, A2aTaskState } from "@/lib/contracts/a2a";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { BundleEntry } from "@/lib/contracts/bundle";
import type { Entry } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { runsOfEntries } from "@/lib/queries/agui";
import { serveA2aPushHttp } from "@/lib/launcher/a2a-push-gate";
import { getA2a } from "@/lib/server/a2a";
import { getAgui } from "@/lib/server/agui";
import { until } from "@/lib/server/adk/test-support";
import { a2aTaskUnit } from "@/lib/server/a2a/bundle-unit";
import type { A2aTaskSnapshot } from "@/lib/contracts/a2a";
import { aguiRunUnit } from "@/lib/server/agui/bundle-unit";
import type { AguiRunSnapshot } from "@/lib/contracts/agui";
import { taskTimeline } from "@/components/a2a/task-model";
import { startA2aDemo } from "@/demo/a2a/demo-agent";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { startAguiDemo } from "@/demo/agui/server";
import type { AguiDemo } from "@/demo/agui/server";
import { startHostileAgent } from "@/tests/fixtures/agui/hostile-server";
import type { HostileAgent } from "@/tests/fixtures/agui/hostile-server";
import { tempDir } from "@/tests/support/servers";
import { BundleService, getBundles } from "@/lib/server/bundles";
import { openStore } from "@/lib/server/store";
import type { Bundle, BundleUnitRef } from "@/lib/contracts/bundle";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// The A2A task and AG-UI run exporters against the real demo peers: the scripted @a2a-js/sdk agent
// on 7131 (Loupe's push webhook gate on 7133), the @ag-ui/encoder demo agent on 7132 and the hostile
// AG-UI fixture on 7134. The singletons read LOUPE_DATA_DIR / LOUPE_PORT on first use.
const LOUPE_PORT = 7133;
const data = tempDir("loupe-bundle-a2a-agui-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_PORT = String(LOUPE_PORT);

const A2A_HEADER = "a2a-header-secret-7131";
const CREDENTIAL = "typed-credential-secret-xyz";
const AGUI_HEADER = "Bearer agui-header-secret-7132";

let a2aDemo: A2aDemo;
let aguiDemo: AguiDemo;
let hostile: HostileAgent;
let gate: Server;
let a2aId = "";
let aguiId = "";
let hostileId = "";

beforeAll(async () => {
  a2aDemo = await startA2aDemo({ port: 7131, timing: { stepMs: 0 } });
  aguiDemo = await startAguiDemo({ port: 7132 });
  hostile = await startHostileAgent(7134);
  gate = createServer((req, res) => void serveA2aPushHttp(req, res, { port: LOUPE_PORT }));
  await new Promise<void>((r) => gate.listen(LOUPE_PORT, "127.0.0.1", () => r()));
  a2aId = (await getA2a().create({ name: "demo a2a", url: a2aDemo.url, headers: { "X-Api-Key": A2A_HEADER } })).id;
  aguiId = getAgui().create({
    name: "demo agui",
    url: aguiDemo.url,
    headers: { authorization: AGUI_HEADER },
    tools: [CONFIRM_BOOKING_TOOL],
  }).id;
  hostileId = getAgui().create({ name: "hostile", url: hostile.url, headers: {}, tools: [] }).id;
});

afterAll(async () => {
  await getA2a().closeAll();
  await a2aDemo.stop();
  await aguiDemo.close();
  await hostile.close();
  await new Promise<void>((r) => gate.close(() => r()));
  data.cleanup();
});

/** What the live task pane reads: the store's entries of the task's entrySeqs. */
function liveEntries(seqs: readonly number[]): Entry[] {
  const store = getA2a().hub.store;
  return seqs.map((s) => store.getEntry(s)!);
}

/** A bundle entry as the read-only views see it (an Entry without the transport fields). */
const asEntry = (e: BundleEntry): Entry => ({ ...e, rawBytes: JSON.stringify(e.raw).length });
const strip = ({ rawBytes: _b, truncated: _t, ...rest }: Entry) => rest;

/** Resolves once nothing new was recorded for 400 ms (the agent's late pushes have landed). */
async function quiet(): Promise<void> {
  const store = getA2a().hub.store;
  let last = store.maxSeq();
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    const now = store.maxSeq();
    if (now === last) return;
    last = now;
  }
}

// ── A2A ──────────────────────────────────────────────────────────────────────
const say = (text: string) => ({ parts: [{ kind: "text" as const, text }], stream: true });
const stateOf = (taskId: string) => getA2a().getTask(a2aId, taskId).state;
const settled = (taskId: string, s: A2aTaskState) => until(() => stateOf(taskId) === s, 10_000, `task ${taskId} ${s}`);
const pendingOf = (taskId: string): A2aHumanRequest =>
  getA2a()
    .listRequests()
    .find((r) => r.taskId === taskId && r.status === "pending")!;

describe("A2A task bundle", () => {
  let askTask = "";
  let pushToken = "";

  it("a task that was input-required, answered, pushed to and completed: every entry whole and in order, the request with its answer", async () => {
    const a2a = getA2a();
    const sent = await a2a.send(a2aId, say("ask"));
    askTask = sent.taskId!;
    await a2a.waitExchange(sent.exchangeId);
    await settled(askTask, "input-required");
    await a2a.registerPush(a2aId, askTask);
    pushToken = a2a.a2aStore.listPush().find((p) => p.taskId === askTask)!.token;
    await a2a.answerRequest(pendingOf(askTask).id, { kind: "data", data: { city: "Oslo", days: 2 } });
    await settled(askTask, "completed");
    await until(() => (a2a.getTask(a2aId, askTask).push?.received ?? 0) > 0, 10_000, "a push received");
    await quiet();

    const parts = await a2aTaskUnit.export({ type: "a2a-task", agentId: a2aId, taskId: askTask });
    const live = a2a.getTask(a2aId, askTask);
    expect(parts.entries.map((e) => e.seq)).toEqual(live.entrySeqs);
    // Whole, as stored: the very rows the live pane reads.
    expect(parts.entries).toEqual(liveEntries(live.entrySeqs).map(strip));
    const kinds = new Set(parts.entries.map((e) => e.kind));
    for (const k of ["a2a_request", "a2a_frame", "a2a_stream", "a2a_push", "a2a_request_state"]) expect(kinds).toContain(k);

    const snapshot = a2aTaskUnit.snapshotSchema.parse(parts.snapshot) as A2aTaskSnapshot;
    // Loupe's record as the API gives it. (Not asserted "completed": the agent's pushes of earlier
    // updates may land after the stream's last frame and Loupe applies them as they come.)
    const { entrySeqs: _seqs, streaming: _streaming, ...record } = live;
    expect(snapshot.task).toEqual(record);
    expect(snapshot.task).toMatchObject({ taskId: askTask, artifactCount: 1 });
    expect(snapshot.task.statusText).toMatch(/Oslo/);
    expect(snapshot.task.push).toMatchObject({ received: expect.any(Number) });
    expect(snapshot.card?.card).toMatchObject({ name: expect.any(String) });

    const inbox = parts.inbox as InboxRow[];
    expect(inbox.map((r) => [r.source, r.status])).toEqual([["a2a", "answered"]]);
    const answer = snapshot.answers[0]!;
    expect(answer.requestId).toBe((inbox[0] as A2aHumanRequest).id);
    expect(parts.entries.find((e) => e.seq === answer.seq)?.kind).toBe("a2a_request");
    expect(JSON.stringify(answer.message)).toContain("Oslo");

    // The timeline the read-only view derives equals the live pane's.
    expect(taskTimeline(parts.entries.map(asEntry), askTask)).toEqual(taskTimeline(liveEntries(live.entrySeqs), askTask));
    expect(parts.connection).toMatchObject({ protocol: "a2a", id: a2aId, target: a2aDemo.url, headers: { "X-Api-Key": "••••••" } });
  });

  it("names the agent's header values and the task's push token as secrets (the token went out in the push registration)", async () => {
    const secrets = a2aTaskUnit.secretValues({ type: "a2a-task", agentId: a2aId, taskId: askTask });
    expect(secrets).toEqual(expect.arrayContaining([A2A_HEADER, pushToken]));
    // Why it must be listed: the registration request carries it as recorded.
    const parts = await a2aTaskUnit.export({ type: "a2a-task", agentId: a2aId, taskId: askTask });
    expect(JSON.stringify(parts)).toContain(pushToken);
  });

  it("streamed artifacts: the report's chunks are all in the bundle and assemble as live", async () => {
    const a2a = getA2a();
    const sent = await a2a.send(a2aId, say("report"));
    await a2a.waitExchange(sent.exchangeId);
    await settled(sent.taskId!, "completed");
    const parts = await a2aTaskUnit.export({ type: "a2a-task", agentId: a2aId, taskId: sent.taskId! });
    const timeline = taskTimeline(parts.entries.map(asEntry), sent.taskId!)!;
    const report = timeline.artifacts.find((a) => a.artifactId === "report.md")!;
    expect(report).toMatchObject({ chunks: 4, complete: true });
    expect(report.parts).toEqual([
      expect.objectContaining({ kind: "text", text: expect.stringMatching(/^# Weekly report\n.*Monday\.\n$/s) }),
    ]);
    expect(timeline.artifacts.map((a) => a.artifactId).sort()).toEqual(["chart.png", "figures", "report.md"]);
  });

  it("an auth-required task answered with a credential: the credential appears nowhere in the export", async () => {
    const a2a = getA2a();
    const sent = await a2a.send(a2aId, say("login"));
    await a2a.waitExchange(sent.exchangeId);
    await settled(sent.taskId!, "auth-required");
    await a2a.answerRequest(pendingOf(sent.taskId!).id, { kind: "credential", credential: CREDENTIAL });
    await settled(sent.taskId!, "completed");
    const parts = await a2aTaskUnit.export({ type: "a2a-task", agentId: a2aId, taskId: sent.taskId! });
    const text = JSON.stringify(parts);
    expect(text).not.toContain(CREDENTIAL);
    expect(text).not.toContain(A2A_HEADER);
    const snapshot = parts.snapshot as A2aTaskSnapshot;
    expect(JSON.stringify(snapshot.answers[0]?.message)).toContain("••••••");
  });

  it("an unknown agent or task is not_found:bundle_unit (404)", async () => {
    await expect(a2aTaskUnit.export({ type: "a2a-task", agentId: "nope", taskId: "t" })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
      status: 404,
    });
    await expect(a2aTaskUnit.export({ type: "a2a-task", agentId: a2aId, taskId: "nope" })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
  });
});

// ── AG-UI ────────────────────────────────────────────────────────────────────
async function run(agentId: string, text: string, threadId?: string) {
  const agui = getAgui();
  const started = agui.startRun(agentId, { text, context: [], ...(threadId ? { threadId } : {}) });
  await agui.runDone(started.runId);
  return started;
}

/** The live thread pane's run: the thread's entries grouped by run, normalized from the run's input state. */
function liveRun(agentId: string, threadId: string, runId: string) {
  const runs = runsOfEntries(getAgui().store.threadEntries(agentId, threadId, 100_000));
  const r = runs.find((x) => x.runId === runId)!;
  const initialState = (r.input as { state?: unknown }).state;
  return {
    run: r,
    timeline: normalizeAguiRun(
      r.events.map((e) => e.event),
      { initialState },
    ),
  };
}

function bundleRun(entries: readonly BundleEntry[], runId: string) {
  const r = runsOfEntries(entries.map(asEntry)).find((x) => x.runId === runId)!;
  const initialState = (r.input as { state?: unknown }).state;
  return {
    run: r,
    timeline: normalizeAguiRun(
      r.events.map((e) => e.event),
      { initialState },
    ),
  };
}

describe("AG-UI run bundle", () => {
  it("a run that called a front-end tool, answered by the next run: both runs carry the request and its answer", async () => {
    const agui = getAgui();
    const first = await run(aguiId, "book a hotel");
    const request = agui.listRequests().find((r) => r.runId === first.runId && r.status === "pending")!;
    expect(request.kind).toBe("tool");
    await agui.answerRequest(request.id, { kind: "tool_result", result: { confirmed: true } });
    const second = agui.store.threadRuns(aguiId, first.threadId).at(-1)!;
    expect(second.runId).not.toBe(first.runId);
    await agui.runDone(second.runId);

    const asked = await aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: first.runId });
    const inbox = asked.inbox as (AguiHumanRequest & { source: string })[];
    expect(inbox.map((r) => [r.source, r.kind, r.status, r.toolName])).toEqual([["agui", "tool", "answered", "confirm_booking"]]);
    expect(inbox[0]!.answer).toEqual({ kind: "tool_result", result: { confirmed: true } });
    const kinds = asked.entries.map((e) => e.kind);
    expect(kinds[0]).toBe("agui_run");
    expect(kinds).toContain("agui_input");
    expect(kinds).toContain("agui_request");
    expect(asked.entries.every((e) => (e.raw as { runId?: string }).runId === first.runId)).toBe(true);
    const snapshot = aguiRunUnit.snapshotSchema.parse(asked.snapshot) as AguiRunSnapshot;
    expect(snapshot.run).toMatchObject({ runId: first.runId, status: "finished" });
    expect(snapshot.input).toMatchObject({ runId: first.runId, tools: [expect.objectContaining({ name: "confirm_booking" })] });
    // The assistant's call to the front-end tool is in the thread after the run, not before it.
    const calls = (ms: unknown[]) => JSON.stringify(ms).includes('"confirm_booking"');
    expect(calls(snapshot.before.messages)).toBe(false);
    expect(calls(snapshot.after.messages)).toBe(true);

    const answered = await aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: second.runId });
    const answeredSnapshot = answered.snapshot as AguiRunSnapshot;
    expect((answered.inbox as AguiHumanRequest[]).map((r) => r.id)).toEqual([request.id]);
    // The request's state change that launched this run is recorded under the run that asked it: kept too.
    expect(answered.entries.some((e) => e.kind === "agui_request" && (e.raw as AguiHumanRequest).answeredByRunId === second.runId)).toBe(
      true,
    );
    expect(answeredSnapshot.before.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: request.toolCallId });
    expect(answeredSnapshot.after.state).toMatchObject({ booking: { toolCallId: request.toolCallId } });
    // Derived as the live pane derives it.
    expect(bundleRun(answered.entries, second.runId)).toEqual(liveRun(aguiId, first.threadId, second.runId));
  });

  it("a run with state snapshot and deltas: the state before and after, and the thread Loupe keeps equals the run's after", async () => {
    const agui = getAgui();
    const opening = await run(aguiId, "hello");
    const next = await run(aguiId, "again", opening.threadId);
    const parts = await aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: next.runId });
    const snapshot = parts.snapshot as AguiRunSnapshot;
    const opened = (await aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: opening.runId })).snapshot as AguiRunSnapshot;
    expect(snapshot.before.state).toEqual(opened.after.state);
    expect(snapshot.after.state).toEqual({ trip: { city: "Lisbon", nights: 3, weather: "sunny" }, checks: ["weather"] });
    const thread = agui.thread(aguiId, opening.threadId);
    expect(snapshot.after.state).toEqual(thread.state);
    expect(snapshot.after.messages).toEqual(thread.messages);
    const deltas = parts.entries.filter((e) => (e.raw as { event?: { type?: string } }).event?.type === "STATE_DELTA");
    expect(deltas).toHaveLength(2);
    const { timeline } = bundleRun(parts.entries, next.runId);
    expect(timeline.items.filter((i) => i.kind === "state").length).toBeGreaterThanOrEqual(3);
    expect(bundleRun(parts.entries, next.runId)).toEqual(liveRun(aguiId, opening.threadId, next.runId));
    expect(parts.connection).toMatchObject({ protocol: "agui", target: aguiDemo.url, headers: { authorization: "••••••" } });
    expect(JSON.stringify(parts)).not.toContain(AGUI_HEADER);
    // The scheme-less credential too: a peer or log that echoes it shows it without "Bearer ".
    expect(aguiRunUnit.secretValues({ type: "agui-run", agentId: aguiId, runId: next.runId })).toEqual([
      AGUI_HEADER,
      "agui-header-secret-7132",
    ]);
  });

  it("unknown event types and malformed frames are in the bundle, whole and in order", async () => {
    const bad = await run(hostileId, "malformed");
    const parts = await aguiRunUnit.export({ type: "agui-run", agentId: hostileId, runId: bad.runId });
    const store = getAgui().store.threadEntries(hostileId, bad.threadId, 100_000);
    expect(parts.entries).toEqual(store.map(strip));
    expect(parts.entries.filter((e) => e.kind === "agui_malformed").length).toBeGreaterThanOrEqual(2);
    const types = parts.entries.flatMap((e) => (e.kind === "agui_event" ? [(e.raw as { event: { type: string } }).event.type] : []));
    expect(types).toEqual(expect.arrayContaining(["FUTURE_EVENT", "THINKING_TEXT_MESSAGE_CONTENT"]));
    const { run: view } = bundleRun(parts.entries, bad.runId);
    expect(view.malformed.length).toBe(parts.entries.filter((e) => e.kind === "agui_malformed").length);
  });

  it("an unknown run, or a run of another agent, is not_found:bundle_unit", async () => {
    await expect(aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: "nope" })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
    const other = await run(hostileId, "hi");
    await expect(aguiRunUnit.export({ type: "agui-run", agentId: aguiId, runId: other.runId })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
  });
});

// ── Round trip ───────────────────────────────────────────────────────────────
// Exported through the bundle service (every secret this Loupe knows masked), imported into a
// fresh Loupe's store, read back: the timelines the read-only views derive equal the live ones.
// LOUPE_CAPTURE_BUNDLES=1 also writes the files to tests/fixtures/bundles (the views' component tests read them).
describe("A2A and AG-UI bundles round trip through the bundle service", () => {
  const fresh = tempDir("loupe-bundle-a2a-agui-import-");
  const importer = new BundleService(openStore(fresh.dir));
  afterAll(() => fresh.cleanup());

  async function roundTrip(ref: BundleUnitRef, capture: string): Promise<{ text: string; bundle: Bundle }> {
    const exported = await getBundles().exportUnit(ref);
    const text = JSON.stringify(exported, null, 2);
    if (process.env.LOUPE_CAPTURE_BUNDLES) {
      const dir = path.join(process.cwd(), "tests/fixtures/bundles");
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, capture), text + "\n");
    }
    const summary = importer.importText(text, capture);
    expect(summary).toMatchObject({ unitType: ref.type, origin: "loupe", entryCount: exported.entries.length });
    return { text, bundle: importer.get(summary.id).bundle };
  }

  it("an A2A task that asked, was answered and pushed to: no secret in the file, the timeline as live", async () => {
    const a2a = getA2a();
    const sent = await a2a.send(a2aId, say("ask"));
    await a2a.waitExchange(sent.exchangeId);
    const taskId = sent.taskId!;
    await settled(taskId, "input-required");
    await a2a.registerPush(a2aId, taskId);
    const token = a2a.a2aStore.listPush().find((p) => p.taskId === taskId)!.token;
    await a2a.answerRequest(pendingOf(taskId).id, { kind: "text", text: "Bergen" });
    await settled(taskId, "completed");
    await until(() => (a2a.getTask(a2aId, taskId).push?.received ?? 0) > 0, 10_000, "a push received");
    await quiet();
    const { text, bundle } = await roundTrip({ type: "a2a-task", agentId: a2aId, taskId }, "a2a-task.loupe.json");
    for (const secret of [A2A_HEADER, token, CREDENTIAL]) expect(text).not.toContain(secret);
    expect(bundle.secrets.masked).toBeGreaterThan(0);
    const live = liveEntries(a2a.getTask(a2aId, taskId).entrySeqs);
    expect(bundle.entries.map((e) => e.seq)).toEqual(live.map((e) => e.seq));
    expect(taskTimeline(bundle.entries.map(asEntry), taskId)).toEqual(taskTimeline(live, taskId));
    expect((bundle.snapshot as A2aTaskSnapshot).answers).toHaveLength(1);
  });

  it("an AG-UI run that answered a front-end tool, and one with state deltas: no secret in the file, the runs as live", async () => {
    const agui = getAgui();
    const first = await run(aguiId, "book it");
    const request = agui.listRequests().find((r) => r.runId === first.runId && r.status === "pending")!;
    await agui.answerRequest(request.id, { kind: "tool_result", result: { confirmed: true, note: "late check-in" } });
    const answered = agui.store.threadRuns(aguiId, first.threadId).at(-1)!;
    await agui.runDone(answered.runId);
    const showcase = await run(aguiId, "show me everything", first.threadId);

    const asked = await roundTrip({ type: "agui-run", agentId: aguiId, runId: first.runId }, "agui-run.loupe.json");
    expect(asked.text).not.toContain(AGUI_HEADER);
    expect(bundleRun(asked.bundle.entries, first.runId)).toEqual(liveRun(aguiId, first.threadId, first.runId));
    expect((asked.bundle.inbox as AguiHumanRequest[]).map((r) => r.status)).toEqual(["answered"]);

    const deltas = await roundTrip({ type: "agui-run", agentId: aguiId, runId: showcase.runId }, "agui-run-state.loupe.json");
    expect(deltas.text).not.toContain(AGUI_HEADER);
    expect(bundleRun(deltas.bundle.entries, showcase.runId)).toEqual(liveRun(aguiId, first.threadId, showcase.runId));
    const snapshot = deltas.bundle.snapshot as AguiRunSnapshot;
    expect(snapshot.after.state).toEqual(agui.thread(aguiId, first.threadId).state);
  });
});
