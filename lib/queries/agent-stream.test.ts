import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { AgentServerView, InboxItem, RunRecord } from "@/lib/contracts/agents";
import type { Entry } from "@/lib/contracts/entries";
import { agentKeys, liveEntriesQuery, upsertRun } from "@/lib/queries/agents";
import { inboxKeys } from "@/lib/queries/inbox";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";

const KEY = "demo/u1/s1";

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function agent(id: string, over: Partial<AgentServerView["state"]> = {}): AgentServerView {
  return {
    id,
    name: id,
    url: "http://127.0.0.1:8000",
    headers: {},
    userId: "u1",
    createdAt: 1,
    state: { status: "ok", apps: ["demo"], ...over },
  };
}

function entry(seq: number, over: Partial<Entry>): Entry {
  return {
    seq,
    connectionId: "ag",
    sessionKey: KEY,
    receivedAt: 1000 + seq,
    sourceTime: null,
    direction: "in",
    protocol: "adk",
    kind: "event",
    raw: { id: `e${seq}` },
    rawBytes: 10,
    ...over,
  };
}

const loupe = (seq: number, kind: string, raw: unknown) =>
  entry(seq, { protocol: "loupe", kind, raw, direction: "local", sessionKey: null });

function run(over: Partial<RunRecord> = {}): RunRecord {
  return { id: "r1", agentId: "ag", sessionKey: KEY, status: "running", startedAt: 100, endedAt: null, eventCount: 0, ...over };
}

function item(id: string, sessionKey: string, over: Partial<InboxItem> = {}): InboxItem {
  const [appName = "", userId = "", sessionId = ""] = sessionKey.split("/");
  return {
    id,
    kind: "long_running",
    args: {},
    connectionId: "ag",
    sessionKey,
    prompt: "wait",
    status: "pending",
    callName: "tool",
    eventId: "ev",
    invocationId: "inv",
    author: "a",
    createdAt: 1,
    agentId: "ag",
    agentName: "ag",
    appName,
    userId,
    sessionId,
    ...over,
  } as InboxItem;
}

/** A row of the inbox cache, as GET /api/inbox lists it: the item, naming its source. */
const row = (id: string, sessionKey: string, over: Partial<InboxItem> = {}) => ({ ...item(id, sessionKey, over), source: "adk" as const });

describe("applyStreamEntries — ADK", () => {
  it("appends adk entries to the live cache of an open session only, deduped by seq", () => {
    const qc = client();
    qc.setQueryData(liveEntriesQuery("ag", KEY).queryKey, [entry(1, {})]);
    applyStreamEntries(qc, [
      entry(3, { kind: "user_message", direction: "out", raw: { runId: "r1", newMessage: { role: "user", parts: [{ text: "hi" }] } } }),
      entry(2, {}),
      entry(1, {}),
      entry(4, { sessionKey: "demo/u1/other" }),
      entry(5, { connectionId: "other-agent" }),
    ]);
    expect(qc.getQueryData<Entry[]>(agentKeys.live("ag", KEY))!.map((e) => [e.seq, e.kind])).toEqual([
      [1, "event"],
      [2, "event"],
      [3, "user_message"],
    ]);
    expect(qc.getQueryData(agentKeys.live("ag", "demo/u1/other"))).toBeUndefined();
    expect(qc.getQueryData(agentKeys.live("other-agent", KEY))).toBeUndefined();
  });

  it("updates the agent list on agent_status (new servers appended) and drops a removed server's data", () => {
    const qc = client();
    qc.setQueryData(agentKeys.list(), [agent("ag"), agent("b")]);
    qc.setQueryData(agentKeys.live("ag", KEY), []);
    qc.setQueryData(inboxKeys.list(), [row("i1", KEY), row("i2", "x/u/s", { agentId: "b" })]);
    applyStreamEntries(qc, [
      loupe(1, "agent_status", agent("ag", { status: "error", error: "ECONNREFUSED", apps: [] })),
      loupe(2, "agent_status", agent("c")),
    ]);
    const list = qc.getQueryData<AgentServerView[]>(agentKeys.list())!;
    expect(list.map((a) => [a.id, a.state.status])).toEqual([
      ["ag", "error"],
      ["b", "ok"],
      ["c", "ok"],
    ]);
    expect(list[0]!.state.error).toBe("ECONNREFUSED");

    applyStreamEntries(qc, [loupe(3, "agent_removed", { id: "ag" })]);
    expect(qc.getQueryData<AgentServerView[]>(agentKeys.list())!.map((a) => a.id)).toEqual(["b", "c"]);
    expect(qc.getQueryData(agentKeys.live("ag", KEY))).toBeUndefined();
    expect(qc.getQueryData<InboxItem[]>(inboxKeys.list())!.map((i) => i.id)).toEqual(["i2"]);
  });

  it("ignores an agent_status whose raw is not an agent view", () => {
    const qc = client();
    qc.setQueryData(agentKeys.list(), [agent("ag")]);
    applyStreamEntries(qc, [loupe(1, "agent_status", { id: "ag" })]);
    expect(qc.getQueryData<AgentServerView[]>(agentKeys.list())![0]!.state.status).toBe("ok");
  });

  it("keeps runs current and, when a run ends, invalidates the stored session, artifacts and session list", () => {
    const qc = client();
    const runs = agentKeys.runs("ag", KEY);
    qc.setQueryData(runs, []);
    qc.setQueryData(agentKeys.stored("ag", KEY), { session: { id: "s1" }, liveCutoff: -1 });
    qc.setQueryData(agentKeys.artifacts("ag", KEY), []);
    qc.setQueryData(agentKeys.sessions("ag", "demo", "u1"), []);
    qc.setQueryData(agentKeys.sessions("ag", "demo", "someone-else"), []);

    applyStreamEntries(qc, [loupe(1, "run", run())]);
    expect(qc.getQueryData<RunRecord[]>(runs)!.map((r) => r.status)).toEqual(["running"]);
    expect(qc.getQueryState(agentKeys.stored("ag", KEY))!.isInvalidated).toBe(false);

    applyStreamEntries(qc, [loupe(2, "run", run({ status: "completed", endedAt: 180, eventCount: 4 }))]);
    expect(qc.getQueryData<RunRecord[]>(runs)!.map((r) => [r.id, r.status, r.eventCount])).toEqual([["r1", "completed", 4]]);
    expect(qc.getQueryState(agentKeys.stored("ag", KEY))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(agentKeys.artifacts("ag", KEY))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(agentKeys.sessions("ag", "demo", "u1"))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(agentKeys.sessions("ag", "demo", "someone-else"))!.isInvalidated).toBe(false);
  });

  it("never lets a late 'running' copy undo a run's end (the POST answer can trail the stream)", () => {
    const qc = client();
    const runs = agentKeys.runs("ag", KEY);
    qc.setQueryData(runs, []);
    applyStreamEntries(qc, [loupe(1, "run", run()), loupe(2, "run", run({ status: "completed", endedAt: 150 }))]);
    expect(upsertRun(qc.getQueryData<RunRecord[]>(runs), run()).map((r) => r.status)).toEqual(["completed"]);
    expect(upsertRun([], run({ id: "r2", startedAt: 200 })).map((r) => r.id)).toEqual(["r2"]);
  });

  it("replaces one session's inbox rows on loupe/inbox, leaving other sessions alone", () => {
    const qc = client();
    qc.setQueryData(inboxKeys.list(), [row("old", KEY), row("other", "demo/u1/s2", { createdAt: 5 })]);
    applyStreamEntries(qc, [
      loupe(1, "inbox", {
        agentId: "ag",
        sessionKey: KEY,
        items: [item("new", KEY, { createdAt: 9 }), item("done", KEY, { status: "answered" })],
      }),
    ]);
    expect(qc.getQueryData<InboxItem[]>(inboxKeys.list())!.map((i) => i.id)).toEqual(["new", "other", "done"]);
    applyStreamEntries(qc, [loupe(2, "inbox", { agentId: "ag", sessionKey: KEY, items: [] })]);
    expect(qc.getQueryData<InboxItem[]>(inboxKeys.list())!.map((i) => i.id)).toEqual(["other"]);
  });

  it("leaves MCP traffic and ADK caches apart", () => {
    const qc = client();
    qc.setQueryData(["connection", "ag", "traffic"], []);
    qc.setQueryData(agentKeys.live("ag", KEY), []);
    applyStreamEntries(qc, [entry(1, {})]);
    expect(qc.getQueryData<Entry[]>(["connection", "ag", "traffic"])).toEqual([]);
    expect(qc.getQueryData<Entry[]>(agentKeys.live("ag", KEY))).toHaveLength(1);
  });
});
