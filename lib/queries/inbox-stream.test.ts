import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { AguiHumanRequest } from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import { inboxKeys, type InboxRow } from "@/lib/queries/inbox";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { rowsOfEverySource } from "@/tests/support/inbox-rows";

const fixture = rowsOfEverySource("pending", 1000);
const { source: _a, ...A2A } = fixture.a2a;
const { source: _g, ...AGUI } = fixture.agui;

function entry(seq: number, protocol: "a2a" | "agui", raw: unknown, over: Partial<Entry> = {}): Entry {
  return {
    seq,
    connectionId: protocol === "a2a" ? "a2" : "g1",
    sessionKey: null,
    receivedAt: 1000 + seq,
    sourceTime: null,
    direction: "local",
    protocol,
    kind: protocol === "a2a" ? "a2a_request_state" : "agui_request",
    raw,
    rawBytes: 10,
    ...over,
  };
}
const a2a = (seq: number, request: A2aHumanRequest, over?: Partial<Entry>) => entry(seq, "a2a", request, over);
const agui = (seq: number, request: AguiHumanRequest, over?: Partial<Entry>) => entry(seq, "agui", request, over);

function clientWith(rows: InboxRow[] | null): QueryClient {
  const qc = new QueryClient();
  if (rows) qc.setQueryData<InboxRow[]>(inboxKeys.list(), rows);
  return qc;
}
const listed = (qc: QueryClient) => qc.getQueryData<InboxRow[]>(inboxKeys.list())?.map((r) => `${r.source}:${r.id}:${r.status}`);

describe("stream → inbox: A2A and AG-UI human requests", () => {
  it("adds and updates them in the inbox list, beside the other sources' rows, pending first", () => {
    const qc = clientWith([{ ...fixture.mcp, status: "answered" }]);
    applyStreamEntries(qc, [a2a(1, A2A), agui(2, { ...AGUI, createdAt: 2000 })]);
    expect(listed(qc)).toEqual(["agui:req-1:pending", "a2a:req-1:pending", "mcp:req-1:answered"]);
    applyStreamEntries(qc, [a2a(3, { ...A2A, status: "answered", answeredAt: 3000 })]);
    expect(listed(qc)).toEqual(["agui:req-1:pending", "a2a:req-1:answered", "mcp:req-1:answered"]);
    // The row is the request as recorded, whole.
    expect(qc.getQueryData<InboxRow[]>(inboxKeys.list())?.find((r) => r.source === "a2a")).toMatchObject({
      prompt: "Which size?",
      answeredAt: 3000,
    });
  });

  it("never reopens an answered or stale request with an older pending copy", () => {
    const qc = clientWith([]);
    applyStreamEntries(qc, [agui(1, { ...AGUI, status: "stale", reason: "the run moved on" }), agui(2, AGUI)]);
    expect(listed(qc)).toEqual(["agui:req-1:stale"]);
  });

  it("re-reads the list for a truncated preview or a raw that does not fit, and leaves a list nobody fetched alone", () => {
    const qc = clientWith([fixture.adk]);
    applyStreamEntries(qc, [a2a(1, A2A, { truncated: true }), agui(2, { id: "x" } as unknown as AguiHumanRequest)]);
    expect(listed(qc)).toEqual(["adk:req-1:pending"]);
    expect(qc.getQueryState(inboxKeys.list())?.isInvalidated).toBe(true);

    const none = clientWith(null);
    applyStreamEntries(none, [a2a(1, A2A)]);
    expect(none.getQueryData(inboxKeys.list())).toBeUndefined();
  });
});
