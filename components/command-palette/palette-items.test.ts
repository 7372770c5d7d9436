import { describe, expect, it } from "vitest";
import { filterPalette, fuzzyScore, paletteItems, type CorePaletteSources, type PaletteItem } from "./palette-items";
import { adkPaletteItems, sessionSourceKey, type AdkPaletteSource } from "@/lib/workbench/adk";
import { mcpPaletteItems, type McpPaletteSource } from "@/lib/workbench/mcp";
import { connectionFixture } from "@/components/mcp/workbench/test-support";
import type { AgentServerView } from "@/lib/contracts/agents";
import type { InboxRow } from "@/lib/contracts/inbox";
import { markDuplicates } from "@/lib/protocols/mcp/tool-listing";

const agent: AgentServerView = {
  id: "ag1",
  name: "Demo agent",
  url: "http://127.0.0.1:8000",
  headers: {},
  userId: "user",
  createdAt: 1,
  state: { status: "ok", apps: ["loupe_demo", "workflow_demo"] },
};

const inboxRow = {
  source: "mcp",
  id: "r1",
  connectionId: "ev",
  connectionName: "everything",
  sessionKey: "k",
  kind: "elicitation_form",
  jsonrpcId: 1,
  createdAt: 5,
  status: "pending",
  params: { message: "Please provide your favourite colour" },
  relatedCall: { callId: "c", tool: "trigger-elicitation-request" },
} as InboxRow;

const sources: Sources = {
  connections: [connectionFixture({ id: "ev", name: "everything" })],
  tools: new Map([
    [
      "ev",
      [
        { name: "get-sum", inputSchema: { type: "object" } },
        { name: "echo", inputSchema: { type: "object" } },
        { name: "get-resource-links", inputSchema: { type: "object" } },
      ],
    ],
  ]),
  agents: [agent],
  sessions: new Map([
    [
      sessionSourceKey("ag1", "loupe_demo"),
      [
        { id: "s-42", appName: "loupe_demo", userId: "user", lastUpdateTime: null },
        { id: "s-other", appName: "loupe_demo", userId: "bob", lastUpdateTime: null },
      ],
    ],
  ]),
  inbox: [inboxRow],
};

type Sources = McpPaletteSource & AdkPaletteSource & CorePaletteSources;

/** Every item, in the palette's order: each protocol's (its descriptor's hook builds them so), then the core ones. */
const allItems = (s: Sources): PaletteItem[] => [...mcpPaletteItems(s), ...adkPaletteItems(s), ...paletteItems(s)];

describe("palette items", () => {
  it("lists servers, their tools, agents, apps, sessions and inbox items with the sidebar's navigation", () => {
    const items = allItems(sources);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get("server:ev")?.target).toEqual({ connectionId: "ev", tool: null });
    expect(byId.get("tool:ev:get-sum")?.target).toEqual({ connectionId: "ev", tab: "tools", tool: "get-sum" });
    expect(byId.get("agent:ag1")?.target).toEqual({ agentId: "ag1", app: null, sessionId: null, userId: null });
    expect(byId.get("app:ag1:workflow_demo")?.target).toEqual({ agentId: "ag1", app: "workflow_demo", sessionId: null, userId: null });
    expect(byId.get("session:ag1:loupe_demo:user:s-42")?.target).toEqual({
      agentId: "ag1",
      app: "loupe_demo",
      sessionId: "s-42",
      userId: null,
    });
    // Another user's session carries ?u=, as the inbox's "Open session" does.
    expect(byId.get("session:ag1:loupe_demo:bob:s-other")?.target).toMatchObject({ userId: "bob" });
    const inbox = items.find((i) => i.kind === "inbox" && i.id !== "inbox");
    expect(inbox?.label).toBe("Elicitation: Please provide your favourite colour");
    expect(inbox?.target).toEqual({ view: "inbox" });
    expect(inbox?.focusSelector).toBe(`[data-testid="inbox-item"][data-item-key="${encodeURIComponent("mcp\u0000ev\u0000r1")}"]`);
  });
});

describe("palette items: imported bundles", () => {
  it("lists each imported bundle after the agents, opening it in the bundles pane", () => {
    const bundle = {
      id: "b1",
      title: "weather s-1",
      unitType: "adk-session",
      origin: "adk-web",
      fileName: "s-1.json",
      loupeVersion: "0.1.0",
      exportedAt: "2026-11-24T10:00:00.000Z",
      importedAt: 1,
      entryCount: 12,
      bytes: 100,
    } as const;
    const items = allItems({ ...sources, bundles: [bundle] });
    const item = items.find((i) => i.kind === "bundle");
    expect(item).toMatchObject({ label: "weather s-1", detail: "ADK session · adk-web session export · 12 entries" });
    expect(item?.target).toEqual({ view: "bundles", item: "b1" });
    expect(items.indexOf(item!)).toBeLessThan(items.findIndex((i) => i.id === "inbox"));
    expect(filterPalette(items, "weather")[0]?.id).toBe("bundle:b1");
  });
});

describe("palette inbox items: tool approvals", () => {
  it("lists a waiting tool approval with who asks and the tool, focusing its inbox card", () => {
    const approvalRow = {
      source: "approval",
      id: "ap1",
      connectionId: "ev",
      connectionName: "everything",
      tool: "echo",
      calledAs: "everything__echo",
      arguments: { message: "hi" },
      origin: { kind: "tap", tapId: "ev", client: { name: "claude-ai", version: "0.1.0" } },
      policy: { value: "always", from: "default" },
      createdAt: 9,
      status: "pending",
    } as InboxRow;
    const item = allItems({ ...sources, inbox: [approvalRow] }).find((i) => i.id.startsWith("inbox:"));
    expect(item?.label).toBe("Tool call approval: claude-ai 0.1.0 wants to call everything__echo");
    expect(item?.detail).toBe("Pending · everything › echo");
    expect(item?.focusSelector).toBe(`[data-testid="inbox-item"][data-item-key="${encodeURIComponent("approval\u0000ap1")}"]`);
  });
});

describe("fuzzy filter", () => {
  it("matches subsequences and ranks contiguous and word-start matches first", () => {
    expect(fuzzyScore("gsum", "get-sum")).not.toBeNull();
    expect(fuzzyScore("xyz", "get-sum")).toBeNull();
    expect(fuzzyScore("sum", "get-sum")!).toBeGreaterThan(fuzzyScore("sum", "s-u-m-marize")!);
  });

  it("needs every word, and puts the best label first", () => {
    const items = allItems(sources);
    expect(filterPalette(items, "gsum")[0]?.id).toBe("tool:ev:get-sum");
    expect(filterPalette(items, "get res")[0]?.id).toBe("tool:ev:get-resource-links");
    expect(filterPalette(items, "colour")[0]?.kind).toBe("inbox");
    expect(filterPalette(items, "workflow")[0]?.id).toBe("app:ag1:workflow_demo");
    expect(filterPalette(items, "qqqq")).toEqual([]);
    expect(filterPalette(items, "  ")).toHaveLength(items.length);
  });

  it("a name a server lists twice gives two items, each opening its own tool (its listing key)", () => {
    const dups = markDuplicates([
      { name: "dup", inputSchema: { type: "object", properties: { a: { type: "string" } } } },
      { name: "dup", inputSchema: { type: "object", properties: { b: { type: "number" } } } },
    ]);
    const items = allItems({ ...sources, tools: new Map([["ev", dups]]) }).filter((i) => i.kind === "tool");
    expect(new Set(items.map((i) => i.id)).size).toBe(2);
    expect(items.map((i) => i.target.tool)).toEqual(["dup", "dup (2)"]);
    expect(items.map((i) => i.label)).toEqual(["dup", "dup (2)"]);
  });
});
