import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import type { EntryProtocol } from "@/lib/contracts/entries";
import type { InboxSource } from "@/lib/contracts/inbox";
import { approvalKeys } from "@/lib/queries/approvals";
import { inboxKeys, type InboxRow } from "@/lib/queries/inbox";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { entryOf } from "@/tests/support/entries";
import { rowsOfEverySource } from "@/tests/support/inbox-rows";

/**
 * Issue 24: a test replay's pauses are the scripted human's. GET /api/inbox leaves them out, and the
 * server marks the frames of their requests (`replay: true`, GET /api/stream): an inbox already open
 * must leave them out too, for every source, while the same request unmarked joins it as before.
 */

const rows = rowsOfEverySource("pending", 1000);

/** How each source's request travels on the stream (a mapped type: a new source without one does not compile). */
const FRAME: { [S in InboxSource]: { protocol: EntryProtocol; kind: string; raw: (id: string) => unknown } } = {
  adk: {
    protocol: "loupe",
    kind: "inbox",
    raw: (id) => ({ agentId: "ag", sessionKey: `demo/u1/${id}`, items: [withoutSource(rows.adk, id)] }),
  },
  mcp: { protocol: "loupe", kind: "mcp_request", raw: (id) => withoutSource(rows.mcp, id) },
  approval: { protocol: "loupe", kind: "tool_approval", raw: (id) => withoutSource(rows.approval, id) },
  a2a: { protocol: "a2a", kind: "a2a_request_state", raw: (id) => withoutSource(rows.a2a, id) },
  agui: { protocol: "agui", kind: "agui_request", raw: (id) => withoutSource(rows.agui, id) },
  langgraph: { protocol: "langgraph", kind: "lg_request", raw: (id) => withoutSource(rows.langgraph, id) },
};

function withoutSource<R extends InboxRow>(row: R, id: string): Omit<R, "source"> {
  const { source: _s, ...rest } = row;
  return { ...rest, id, ...(row.source === "adk" ? { key: `ev1:${id}`, sessionKey: `demo/u1/${id}`, sessionId: id } : {}) };
}

let seq = 0;
function frame(source: InboxSource, id: string, replay: boolean): Entry {
  const f = FRAME[source];
  seq++;
  return entryOf(f.protocol, f.kind, f.raw(id), { seq, receivedAt: 1000 + seq, ...(replay ? { replay: true as const } : {}) });
}

const SOURCES: InboxSource[] = Object.values(rows).map((r) => r.source);

function openInbox(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData<InboxRow[]>(inboxKeys.list(), []);
  return qc;
}
const ids = (qc: QueryClient) => (qc.getQueryData<InboxRow[]>(inboxKeys.list()) ?? []).map((r) => `${r.source}:${r.id}`).sort();

describe("an open inbox and a test replay's requests", () => {
  it.each(SOURCES)("%s: the marked request never joins the list; the same request unmarked does", (source) => {
    const qc = openInbox();
    applyStreamEntries(qc, [frame(source, "replay-1", true)]);
    expect(ids(qc)).toEqual([]);
    applyStreamEntries(qc, [frame(source, "human-1", false)]);
    expect(ids(qc)).toEqual([`${source}:human-1`]);
  });

  it("leaves out every update of a replay's request too (answered, stale), and keeps the other rows as they were", () => {
    const qc = openInbox();
    const human = SOURCES.map((s) => frame(s, "human-1", false));
    applyStreamEntries(qc, human);
    const before = ids(qc);
    expect(before).toHaveLength(SOURCES.length);
    applyStreamEntries(
      qc,
      SOURCES.map((s) => frame(s, "replay-1", true)),
    );
    expect(ids(qc)).toEqual(before);
  });

  it("a replay's gated tool call still joins the approvals list (GET /api/approvals lists it), not the inbox", () => {
    const qc = openInbox();
    qc.setQueryData(approvalKeys.list(), []);
    applyStreamEntries(qc, [frame("approval", "replay-1", true)]);
    expect(ids(qc)).toEqual([]);
    expect(qc.getQueryData<{ id: string }[]>(approvalKeys.list())?.map((a) => a.id)).toEqual(["replay-1"]);
  });
});
