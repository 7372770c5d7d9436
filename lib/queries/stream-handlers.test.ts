import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { ENTRY_KINDS } from "@/lib/contracts/entry-kinds";
import type { Conversation } from "@/lib/contracts/playground";
import { connectionKeys } from "@/lib/queries/connections";
import { playgroundKeys } from "@/lib/queries/playground";
import { ENTRY_HANDLERS } from "@/lib/queries/stream-handlers";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { trafficKeys } from "@/lib/queries/traffic";

let seq = 0;
const entry = (over: Partial<Entry>): Entry => ({
  seq: ++seq,
  connectionId: "a",
  sessionKey: null,
  receivedAt: seq,
  sourceTime: null,
  direction: "local",
  protocol: "loupe",
  kind: "status",
  raw: null,
  rawBytes: 10,
  ...over,
});

const conn = (id: string): ConnectionView =>
  ({
    id,
    name: id,
    transport: "stdio",
    command: "x",
    args: [],
    env: {},
    state: { status: "connected", stderrTail: [], toolsVersion: 1 },
  }) as unknown as ConnectionView;

describe("the stream reducer's handler table", () => {
  it("has a row, handler or explicit null, for exactly the kinds of the entry contract", () => {
    expect(Object.keys(ENTRY_HANDLERS).sort()).toEqual(Object.keys(ENTRY_KINDS).sort());
    for (const [kind, handler] of Object.entries(ENTRY_HANDLERS))
      expect(handler === null || typeof handler === "function", kind).toBe(true);
    // The kinds that keep caches other than their list current are not silently null.
    for (const kind of [
      "status",
      "call",
      "connection_removed",
      "agent_status",
      "run",
      "inbox",
      "mcp_request",
      "task",
      "tool_approval",
      "pg_column",
      "pg_conversation",
    ] as const) {
      expect(ENTRY_HANDLERS[kind], kind).not.toBeNull();
    }
  });

  it("keeps an entry of an unknown kind, or of a payload that does not fit, in the traffic without touching other caches", () => {
    const qc = new QueryClient();
    qc.setQueryData(connectionKeys.list(), [conn("a")]);
    qc.setQueryData<Entry[]>(trafficKeys.list("a"), []);
    const odd = [
      entry({ kind: "from_the_future", raw: { status: "error" } }),
      entry({ kind: "status", raw: { status: 7 } }),
      entry({ kind: "connection_removed", protocol: "mcp", raw: { id: "a" } }),
    ];
    expect(() => applyStreamEntries(qc, odd)).not.toThrow();
    expect(qc.getQueryData<Entry[]>(trafficKeys.list("a"))!.map((e) => e.seq)).toEqual(odd.map((e) => e.seq));
    expect(qc.getQueryData<ConnectionView[]>(connectionKeys.list())![0]!.state.status).toBe("connected");
  });

  it("hands a handler its payload as read by the schema: a status fills what older records lack", () => {
    const qc = new QueryClient();
    qc.setQueryData(connectionKeys.list(), [conn("a")]);
    applyStreamEntries(qc, [entry({ kind: "status", raw: { status: "disconnected" } })]);
    expect(qc.getQueryData<ConnectionView[]>(connectionKeys.list())![0]!.state).toEqual({
      status: "disconnected",
      stderrTail: [],
      toolsVersion: 0,
    });
  });

  it("applies playground conversation records through the table, and leaves a malformed one alone", () => {
    const qc = new QueryClient();
    const c = { id: "conv-1", title: "One", columns: [] } as unknown as Conversation;
    qc.setQueryData<Conversation[]>(playgroundKeys.conversations(), [c]);
    const at = (raw: unknown) => entry({ protocol: "playground", kind: "pg_conversation", connectionId: "conv-1", raw });
    applyStreamEntries(qc, [at({ conversation: { ...c, title: "Renamed" } })]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())!.map((x) => x.title)).toEqual(["Renamed"]);
    applyStreamEntries(qc, [at({ conversation: { id: "conv-1" }, removed: true })]);
    expect(qc.getQueryData<Conversation[]>(playgroundKeys.conversations())).toHaveLength(1);
  });
});
