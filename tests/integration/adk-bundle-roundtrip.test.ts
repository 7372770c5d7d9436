/**
 * Issue 12's round trip for ADK sessions, against the real ADK JS api_server with a scripted agent
 * (tests/adk/agents/bundle_lab): one session with every item kind and every pause type (some
 * answered, one refused, one left pending), an agent header holding a secret, exported through the
 * bundle service and written to a file — none of the secrets used is in it — then imported into a
 * fresh data dir. The timeline built from the import equals the one built from the live Loupe.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxItem, InterruptAnswer, RunRecord } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { Bundle, BundleUnitRefOf } from "@/lib/contracts/bundle";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { adkSessionSnapshotSchema } from "@/lib/contracts/bundle-snapshots";
import { storedSessionTimeline } from "@/lib/protocols/adk/stored-timeline";
import type { TimelineState } from "@/lib/protocols/adk/timeline-types";
import { getAgents } from "@/lib/server/adk/agents";
import { BundleService, getBundles } from "@/lib/server/bundles";
import { adkSessionUnit, artifactsOf } from "@/lib/server/adk/bundle-unit";
import { openStore } from "@/lib/server/store";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { BUNDLE_OAUTH_CLIENT_SECRET } from "@/tests/adk/agents/bundle_lab/agent";
import { tempDir } from "@/tests/support/servers";
import * as exportRoute from "@/app/api/bundles/export/route";

// The bundle service and the agent registry are the process's own (getBundles, getAgents): their store lives here.
const data = tempDir("loupe-adk-bundle-");
process.env.LOUPE_DATA_DIR = data.dir;

const HEADER_SECRET = "lab-header-secret-3f9a71";
const TYPED_API_KEY = "typed-api-key-c0ffee42";
const SECRETS = [HEADER_SECRET, TYPED_API_KEY, BUNDLE_OAUTH_CLIENT_SECRET];
const APP = "bundle_lab";
const SID = "round-trip";
const USER = "u1";
const KEY = adkSessionKey(APP, USER, SID);

let server: AgentServer;
let agentId = "";
const ref = (): BundleUnitRefOf<"adk-session"> => ({ type: "adk-session", agentId, appName: APP, userId: USER, sessionId: SID });

async function finished(run: RunRecord | undefined): Promise<RunRecord> {
  expect(run).toBeDefined();
  return (await getAgents().waitRun(run!.id))!;
}

async function say(text: string): Promise<RunRecord> {
  return finished(getAgents().run(agentId, APP, SID, { parts: [{ text }], streaming: false }));
}

/** The newest request of a kind, read after the stored session (as the browser does after a run). */
async function pendingOf(kind: InboxItem["kind"]): Promise<InboxItem> {
  await getAgents().getSession(agentId, APP, SID);
  const item = getAgents()
    .listInbox()
    .filter((i) => i.sessionKey === KEY && i.kind === kind && i.status === "pending")
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0];
  expect(item, `a pending ${kind}`).toBeDefined();
  return item!;
}

async function answer(item: InboxItem, value: InterruptAnswer) {
  const res = await getAgents().answer(agentId, {
    sessionKey: KEY,
    interruptId: item.id,
    interruptKey: item.key,
    answer: value,
    streaming: false,
  });
  if (res.run) await finished(res.run);
  return res.answer;
}

beforeAll(async () => {
  server = await startAgentServer({
    port: 0,
    preload: true,
    env: SCRIPTED_ONLY,
    agentsDir: path.resolve(import.meta.dirname, "../adk/agents"),
  });
  const agent = await getAgents().create({ name: "lab", url: server.url, headers: { "X-Lab-Key": HEADER_SECRET }, userId: USER });
  agentId = agent.id;
  await getAgents().createSession(agentId, APP, { sessionId: SID });
  expect((await say("weather in Paris")).status).toBe("completed");
  await say("please compact");
  await say("transfer");
  await say("back");
  await say("model error");
  await say("delete");
  expect((await answer(await pendingOf("confirmation"), { kind: "confirmation", confirmed: true })).status).toBe("sent");
  await say("secure");
  expect((await answer(await pendingOf("credential"), { kind: "credential", apiKey: TYPED_API_KEY })).status).toBe("sent");
  await say("job");
  expect((await answer(await pendingOf("long_running"), { kind: "long_running", response: { status: "done", rows: 42 } })).status).toBe(
    "sent",
  );
  await say("dynamic");
  // ADK JS refuses this approval with an {"error":…} frame: the answer fails, the frame is not stored.
  expect((await answer(await pendingOf("confirmation"), { kind: "confirmation", confirmed: true })).status).toBe("failed");
  await say("calendar");
  await getAgents().getSession(agentId, APP, SID);
}, 120_000);

afterAll(async () => {
  await getAgents().closeAll();
  await server?.stop();
  getAgents().hub.store.close();
  data.cleanup();
});

/** What a person reads in each event, without ids and times (they differ on every run). */
function digest(tl: TimelineState): string[] {
  return tl.entries.map((entry) => {
    const items = entry.items.map((item) => {
      switch (item.kind) {
        case "text":
        case "thought":
          return `${item.kind} "${item.text}"`;
        case "tool_call":
        case "tool_result":
          return `${item.kind} ${item.name}`;
        case "interrupt":
          return `interrupt ${item.interruptKind}`;
        case "state_delta":
          return `state ${Object.keys(item.delta).sort().join(",")}`;
        case "artifact":
          return `artifact ${item.filename} v${item.version}`;
        case "transfer":
          return `transfer ${item.toAgent}`;
        case "error":
          return `error${item.streamLevel ? " (frame)" : ""} ${item.code ?? ""}`;
        default:
          return item.kind;
      }
    });
    return `${entry.event.author || "(none)"}: ${items.join(" · ")}`;
  });
}

const statusesOf = (rows: readonly unknown[]): Record<string, string> =>
  Object.fromEntries((rows as InboxItem[]).map((r) => [r.key, r.status]));

async function exportFile(): Promise<{ file: string; text: string }> {
  const res = await exportRoute.POST(
    new Request("http://loupe.test/api/bundles/export", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ref()),
    }),
  );
  expect(res.status).toBe(200);
  const file = path.join(data.dir, "round-trip.loupe.json");
  const text = await res.text();
  writeFileSync(file, text);
  // LOUPE_CAPTURE_BUNDLES=1 also keeps the file for the read-only view's component test.
  if (process.env.LOUPE_CAPTURE_BUNDLES)
    writeFileSync(path.join(process.cwd(), "tests/fixtures/bundles/adk-session.loupe.json"), text + "\n");
  return { file, text: readFileSync(file, "utf8") };
}

describe("the recorded session", () => {
  it("holds every item kind and every pause type; the secrets really went through", async () => {
    const session = await getAgents().getSession(agentId, APP, SID);
    const kinds = new Set(storedSessionTimeline(session, session.unstored).entries.flatMap((e) => e.items.map((i) => i.kind)));
    for (const kind of [
      "text",
      "thought",
      "tool_call",
      "tool_result",
      "interrupt",
      "state_delta",
      "artifact",
      "transfer",
      "compaction",
      "error",
      "usage",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(session.unstored.map((f) => f.kind)).toEqual(["stream_error"]);
    const items = getAgents()
      .listInbox()
      .filter((i) => i.sessionKey === KEY);
    expect(items.map((i) => `${i.kind} ${i.status}`).sort()).toEqual([
      "confirmation answered",
      "confirmation stale",
      "credential answered",
      "credential pending",
      "long_running answered",
    ]);
    // The agent server itself holds the typed key and the OAuth client secret; Loupe's copy does not.
    const upstream = await (await fetch(`${server.url}/apps/${APP}/users/${USER}/sessions/${SID}`)).text();
    expect(upstream).toContain(TYPED_API_KEY);
    expect(upstream).toContain(BUNDLE_OAUTH_CLIENT_SECRET);
    expect(adkSessionUnit.secretValues(ref())).toEqual(expect.arrayContaining(SECRETS));
  });
});

describe("export", () => {
  it("the file holds the session, every entry of it whole in order, its inbox and artifacts — and none of the secrets used", async () => {
    const { text } = await exportFile();
    for (const secret of SECRETS) expect(text.includes(secret), secret).toBe(false);
    const bundle = JSON.parse(text) as Bundle;
    expect(bundle).toMatchObject({ format: "loupe-bundle", unit: ref(), origin: { kind: "loupe" } });
    expect(bundle.title).toBe(`ADK session ${SID} · ${APP} · lab`);
    expect(bundle.connection).toMatchObject({
      protocol: "adk",
      id: agentId,
      name: "lab",
      target: server.url,
      headers: { "X-Lab-Key": SECRET_MASK },
    });
    const stored = getAgents()
      .hub.store.prepare("SELECT seq, kind FROM entries WHERE connection_id = ? AND session_key = ? ORDER BY seq")
      .all(agentId, KEY) as { seq: number; kind: string }[];
    expect(bundle.entries.map((e) => [e.seq, e.kind])).toEqual(stored.map((e) => [e.seq, e.kind]));
    expect(bundle.entryKinds).toEqual(expect.arrayContaining(["run", "user_message", "event", "inbox", "stream_error"]));
    const snapshot = adkSessionSnapshotSchema.parse(bundle.snapshot);
    expect(snapshot.session).toMatchObject({ id: SID, appName: APP, userId: USER });
    expect(snapshot.artifacts).toEqual([
      { name: "weather_report.txt", version: 0, part: expect.objectContaining({ inlineData: expect.anything() }) },
    ]);
    // The session's spans as the dev server kept them: model calls with what the model was sent.
    const names = (snapshot.trace ?? []).map((span) => span.name);
    expect(names).toEqual(expect.arrayContaining(["invocation", "call_llm", "execute_tool get_weather", "invoke_agent bundle_helper"]));
    expect(snapshot.traceNote).toBeUndefined();
    expect(statusesOf(bundle.inbox)).toEqual(
      statusesOf(
        getAgents()
          .listInbox()
          .filter((i) => i.sessionKey === KEY),
      ),
    );
  });

  it("artifact versions past the size cap are left out and named", async () => {
    const { artifacts, left, note } = await artifactsOf(getAgents(), ref(), 10);
    expect(artifacts).toEqual([]);
    expect(left).toBe(1);
    expect(note).toMatch(/^1 artifact version left out \(over 10 B in all, or unreadable\): weather_report\.txt v0 \(\d+ B\)$/);
  });

  it("an unknown session or agent is not_found:bundle_unit; an agent server that is down says so", async () => {
    await expect(getBundles().exportUnit({ ...ref(), sessionId: "no-such-session" })).rejects.toMatchObject({
      code: "not_found:bundle_unit",
    });
    await expect(getBundles().exportUnit({ ...ref(), agentId: "no-such-agent" })).rejects.toMatchObject({ code: "not_found:bundle_unit" });
    // Nothing listens on this port (the test's own range): the upstream's words come back.
    const down = await getAgents().create({ name: "down", url: "http://127.0.0.1:7119", headers: {}, userId: USER });
    await expect(getBundles().exportUnit({ ...ref(), agentId: down.id })).rejects.toMatchObject({
      code: "upstream:unreachable",
      message: expect.stringContaining("127.0.0.1:7119"),
    });
  });
});

describe("a session id used again after a delete", () => {
  it("the bundle holds only the new session's entries, not those of the deleted one", async () => {
    const agents = getAgents();
    const run = async (text: string) =>
      expect((await finished(agents.run(agentId, APP, "again", { parts: [{ text }], streaming: false }))).status).toBe("completed");
    await agents.createSession(agentId, APP, { sessionId: "again" });
    await run("first life");
    await agents.deleteSession(agentId, APP, "again");
    await agents.createSession(agentId, APP, { sessionId: "again" });
    await run("second life");
    const bundle = await getBundles().exportUnit({ ...ref(), sessionId: "again" });
    const text = JSON.stringify(bundle.entries);
    expect(text).toContain("second life");
    expect(text).not.toContain("first life");
  });
});

describe("import into a fresh data dir", () => {
  it("the timeline built from the import equals the original, and so do the inbox statuses", async () => {
    const { file, text } = await exportFile();
    const other = tempDir("loupe-adk-bundle-import-");
    const store = openStore(other.dir);
    try {
      const service = new BundleService(store);
      const summary = service.importText(readFileSync(file, "utf8"), "round-trip.loupe.json");
      expect(summary).toMatchObject({ unitType: "adk-session", origin: "loupe", fileName: "round-trip.loupe.json" });
      const { bundle } = service.get(summary.id);
      expect(JSON.stringify(bundle)).toBe(JSON.stringify(JSON.parse(text)));
      const snapshot = adkSessionSnapshotSchema.parse(bundle.snapshot);

      const live = await getAgents().getSession(agentId, APP, SID);
      const original = storedSessionTimeline(live, live.unstored);
      const imported = storedSessionTimeline(snapshot.session, snapshot.unstored);
      expect(imported).toEqual(original);
      expect(digest(imported)).toMatchSnapshot();
      expect(statusesOf(bundle.inbox)).toEqual(
        statusesOf(
          getAgents()
            .listInbox()
            .filter((i) => i.sessionKey === KEY),
        ),
      );
    } finally {
      store.close();
      other.cleanup();
    }
  });
});
