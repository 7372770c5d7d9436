import { describe, expect, it } from "vitest";
import type { InboxItem, StoredAnswer } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { isMcpRow, removeAgentItems, replaceSessionItems, setLastAnswer, sortInbox } from "@/lib/queries/inbox";

const adkItem = (id: string, createdAt: number | null, over: Partial<InboxItem> = {}): InboxItem =>
  ({ id, kind: "input", status: "pending", createdAt, agentId: "ag", sessionKey: "app/u/s1", prompt: id, ...over }) as InboxItem;
const adk = (id: string, createdAt: number | null, over: Partial<InboxItem> = {}): InboxRow => ({
  source: "adk",
  ...adkItem(id, createdAt, over),
});
const mcp = (id: string, createdAt: number, status: McpClientRequest["status"] = "pending"): InboxRow => ({
  source: "mcp",
  id,
  connectionId: "ev",
  connectionName: "everything",
  sessionKey: "x",
  kind: "elicitation_form",
  jsonrpcId: 1,
  params: {},
  createdAt,
  status,
});

const label = (rows: readonly InboxRow[] | undefined) => rows?.map((r) => `${r.source}:${r.id}`);

describe("sortInbox over both sources", () => {
  it("pending, failed, answered, stale; newest first within; a null time last; ties keep the order", () => {
    const rows = [
      mcp("m-stale", 900, "stale"),
      adk("a-answered", 800, { status: "answered" }),
      mcp("m-failed", 10, "failed"),
      adk("a-null", null),
      mcp("m-new", 500),
      adk("a-mid", 300),
      mcp("m-tie", 300),
    ];
    expect(label(sortInbox(rows))).toEqual([
      "mcp:m-new",
      "adk:a-mid",
      "mcp:m-tie",
      "adk:a-null",
      "mcp:m-failed",
      "adk:a-answered",
      "mcp:m-stale",
    ]);
  });
});

describe("ADK cache updates leave MCP rows alone", () => {
  it("replaceSessionItems swaps one session's rows, tags them adk and keeps the requests", () => {
    const list = [adk("old", 1), mcp("m1", 5), adk("other", 2, { sessionKey: "app/u/s2" })];
    const next = replaceSessionItems(list, "ag", "app/u/s1", [adkItem("new", 9)]);
    expect(label(next)).toEqual(["adk:new", "mcp:m1", "adk:other"]);
    expect(next?.[0]).toMatchObject({ source: "adk", id: "new" });
    expect(replaceSessionItems(undefined, "ag", "app/u/s1", [])).toBeUndefined();
  });

  it("removeAgentItems drops that agent's interrupts only", () => {
    expect(label(removeAgentItems([adk("a", 1), mcp("m", 2), adk("b", 3, { agentId: "other" })], "ag"))).toEqual(["mcp:m", "adk:b"]);
  });

  it("setLastAnswer marks the interrupt it answers, not a request with the same id", () => {
    const answer = { id: "ans", agentId: "ag", sessionKey: "app/u/s1", interruptId: "same", status: "sent", createdAt: 1 } as StoredAnswer;
    const next = setLastAnswer([adk("same", 1), mcp("same", 2)], answer)!;
    expect((next[0] as InboxItem).lastAnswer).toBe(answer);
    expect("lastAnswer" in next[1]!).toBe(false);
  });

  it("every row names its source", () => {
    expect(isMcpRow(adk("a", 1))).toBe(false);
    expect(isMcpRow(mcp("m", 1))).toBe(true);
  });
});
