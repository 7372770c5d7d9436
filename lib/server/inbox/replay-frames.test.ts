/**
 * Issue 24: GET /api/stream marks the frames of a test replay's requests (`replay: true`), decided
 * by the same seam as GET /api/inbox — each adapter names the scope of the request entries it
 * records (`inboxEntryScope`) and of the gated calls its sessions asked the approvals desk about
 * (`approvalScope`); a scope its testing driver marked is a replay's. Nothing else is marked.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Entry, EntryProtocol } from "@/lib/contracts/entries";
import type { InboxRow } from "@/lib/contracts/inbox";
import { until } from "@/lib/server/adk/test-support";
import { entryOf } from "@/tests/support/entries";
import { rowsOfEverySource } from "@/tests/support/inbox-rows";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-replay-frames-");
process.env.LOUPE_DATA_DIR = data.dir;

const { isReplayRequest, markReplayFrame } = await import("@/lib/server/inbox/replay-frames");
const { InboxService, inboxReaders } = await import("@/lib/server/inbox");
const { getApprovals } = await import("@/lib/server/approvals");
const { getReplayScopes } = await import("@/lib/server/testing/replay-scopes");

afterAll(() => data.cleanup());

const rows = rowsOfEverySource("pending", 1000);
const strip = <R extends InboxRow>({ source: _s, ...rest }: R): Omit<R, "source"> => rest;

const entry = (protocol: EntryProtocol, kind: string, raw: unknown): Entry => entryOf(protocol, kind, raw);

/** Each source's request entry, and the scope (source + key) its replay would mark. */
const CASES: { source: string; scope: string; entry: Entry }[] = [
  {
    source: "adk",
    scope: "ag\ndemo/u1/s1",
    entry: entry("loupe", "inbox", { agentId: "ag", sessionKey: "demo/u1/s1", items: [strip(rows.adk)] }),
  },
  {
    source: "mcp",
    scope: "ev\ncall-1",
    entry: entry("loupe", "mcp_request", { ...strip(rows.mcp), relatedCall: { callId: "call-1", tool: "echo" } }),
  },
  { source: "a2a", scope: "a2\nt1", entry: entry("a2a", "a2a_request_state", strip(rows.a2a)) },
  { source: "agui", scope: "g1\nth1", entry: entry("agui", "agui_request", strip(rows.agui)) },
  { source: "langgraph", scope: "lg1\nth1", entry: entry("langgraph", "lg_request", strip(rows.langgraph)) },
  {
    source: "playground",
    scope: "conv-1",
    entry: entry("loupe", "tool_approval", {
      ...strip(rows.approval),
      origin: { kind: "playground", conversationId: "conv-1", title: "weather" },
    }),
  },
];

describe("a test replay's request frames", () => {
  it.each(CASES)("$source: marked once its scope is a replay's, not before", ({ source, scope, entry: e }) => {
    expect(isReplayRequest(e)).toBe(false);
    expect(markReplayFrame(e)).toBe(e);
    getReplayScopes().mark(source, scope);
    expect(isReplayRequest(e)).toBe(true);
    expect(markReplayFrame(e)).toEqual({ ...e, replay: true });
  });

  it("leaves every other entry alone: another scope, a tap client's approval, an entry that is no request", () => {
    getReplayScopes().mark("a2a", "a2\nt1");
    expect(isReplayRequest(entry("a2a", "a2a_request_state", { ...strip(rows.a2a), taskId: "t2" }))).toBe(false);
    expect(isReplayRequest(entry("loupe", "tool_approval", strip(rows.approval)))).toBe(false);
    expect(isReplayRequest(entry("a2a", "a2a_frame", { agentId: "a2", taskId: "t1" }))).toBe(false);
  });

  it("GET /api/inbox leaves out a replay conversation's gated call, through the playground's approvalScope", async () => {
    const approvals = getApprovals();
    const servers = {
      connection: () => ({ config: { name: "demo" } }),
      listTools: () => Promise.resolve({ tools: [] }),
      allConnections: () => [],
      onRemove: () => undefined,
    };
    approvals.attachServers(servers);
    const gate = (conversationId: string) =>
      approvals.gate({
        connectionId: "demo",
        tool: "book",
        arguments: {},
        origin: { kind: "playground", conversationId, title: conversationId },
        policy: "always",
      });
    const stop = [gate("conv-replayed"), gate("conv-human")];
    await until(() => approvals.list({ status: "pending" }).length === 2, 5_000, "both calls waiting");
    getReplayScopes().mark("playground", "conv-replayed");
    const of = (conversationId: string) =>
      approvals.list({ status: "pending" }).find((a) => a.origin.kind === "playground" && a.origin.conversationId === conversationId)?.id;
    const listed = new InboxService(inboxReaders())
      .list()
      .filter((r) => r.source === "approval")
      .map((r) => r.id);
    expect(listed).toEqual([of("conv-human")]);
    expect(of("conv-replayed")).toBeDefined();
    for (const a of approvals.list({ status: "pending" })) approvals.answer(a.id, { action: "reject" });
    await Promise.all(stop);
  });
});
