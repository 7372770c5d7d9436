import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { Conversation, PgModelResponse, PgToolCall, PgTurn } from "@/lib/contracts/playground";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { getHub } from "@/lib/server/hub";
import { getPlayground } from "@/lib/server/playground";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { stdioInput } from "@/tests/support/servers";
import * as connections from "@/app/api/connections/route";
import * as conversationsRoute from "@/app/api/playground/conversations/route";
import * as messages from "@/app/api/playground/conversations/[id]/messages/route";
import { waitFor as pollFor, raws, ctx, playgroundDataDir, jsonPostTo as post, closeConnections } from "@/tests/support/playground";

/**
 * What `npm start` shows without a key: the scripted model, the demo MCP server and the
 * playground loop. The forecast (read-only) runs at once, the hotel booking waits at the gate,
 * and the model answers from both results — or quotes the rejection's reason.
 */

const data = playgroundDataDir("loupe-playground-scripted-");

let demo = "";

beforeAll(async () => {
  const launch = demoServerLaunch();
  const res = await connections.POST(
    post("/api/connections", stdioInput("demo", launch.args, { command: launch.command, env: launch.env })),
  );
  expect(res.status).toBe(201);
  demo = ((await res.json()) as ConnectionView).id;
});

afterAll(() => closeConnections(data));

const waitFor = <T>(what: string, read: () => T | undefined | null | false, ms = 20_000) => pollFor(what, read, ms);

async function start(text: string, columns = 1): Promise<string> {
  const res = await conversationsRoute.POST(
    post("/api/playground/conversations", {
      title: "scripted demo",
      servers: [{ connectionId: demo, tools: "all" }],
      policy: "unless_read_only",
      columns: Array.from({ length: columns }, () => ({ provider: "scripted", model: "scripted" })),
    }),
  );
  expect(res.status).toBe(201);
  const conversation = (await res.json()) as Conversation;
  const sent = await messages.POST(post("/x", { text }), ctx({ id: conversation.id }));
  expect(sent.status).toBe(202);
  return conversation.id;
}

function pendingFor(id: string): ToolApproval[] {
  return getApprovals()
    .list({ status: "pending" })
    .filter((a) => a.origin.kind === "playground" && a.origin.conversationId === id);
}

async function ended(id: string): Promise<PgTurn> {
  return waitFor("the turn to end", () => raws<PgTurn>(getHub().list(id, { limit: 5000 }), "pg_turn").find((t) => t.status !== "running"));
}

describe("the scripted model in the playground loop, against the demo MCP server", () => {
  it("reads the forecast at once, waits at the gate for the booking, then answers from both results", async () => {
    const id = await start("What's the weather in Lisbon? And book me a hotel there.");
    const [approval] = await waitFor("the booking's approval", () => (pendingFor(id).length === 1 ? pendingFor(id) : undefined));
    expect(approval).toMatchObject({
      tool: "book-hotel",
      arguments: { hotelId: "hotel-lisbon-alfama", contactEmail: "traveler@example.com" },
    });
    // The forecast did not wait: it only reads (the demo lists it with readOnlyHint).
    const calls = raws<PgToolCall>(getHub().list(id, { limit: 5000 }), "pg_tool_call");
    expect(calls.find((c) => c.tool === "get-forecast" && c.status === "ok")).toBeTruthy();
    expect(calls.some((c) => c.tool === "get-forecast" && c.status === "awaiting_approval")).toBe(false);

    getApprovals().answer(approval!.id, { action: "approve" });
    const turn = await ended(id);
    expect(turn.status).toBe("done");
    expect(turn.usage.outputTokens).toBeGreaterThan(0);
    const responses = raws<PgModelResponse>(getHub().list(id, { limit: 5000 }), "pg_model_response");
    expect(responses.map((r) => r.toolCalls.map((c) => c.name))).toEqual([["get-forecast"], ["book-hotel"], []]);
    const answer = responses.at(-1)!.text;
    expect(answer).toMatch(/get-forecast \(city: Lisbon\) returned: \{"city":"Lisbon"/);
    expect(answer).toMatch(/book-hotel \(.*\) returned: .*BK-\d{6}/);
  });

  it("quotes the reason when the booking is rejected", async () => {
    const id = await start("Book me a hotel in Paris for 2 nights");
    const [approval] = await waitFor("the booking's approval", () => (pendingFor(id).length === 1 ? pendingFor(id) : undefined));
    expect(approval!.arguments).toMatchObject({ hotelId: "hotel-paris-marais", nights: 2 });
    // One column: the conversation's title says who asked; no column label.
    expect(approval!.origin).not.toHaveProperty("columnLabel");
    getApprovals().answer(approval!.id, { action: "reject", reason: "Paris is full that week" });
    expect((await ended(id)).status).toBe("done");
    const responses = raws<PgModelResponse>(getHub().list(id, { limit: 5000 }), "pg_model_response");
    expect(responses.at(-1)!.text).toContain('was rejected: "Paris is full that week"');
  });

  it("with two columns, each column's approval says which column asked (they share the title)", async () => {
    const id = await start("Book me a hotel in Paris for 2 nights", 2);
    const pending = await waitFor("both columns' approvals", () => (pendingFor(id).length === 2 ? pendingFor(id) : undefined));
    const { columns } = getPlayground().get(id);
    const labels = Object.fromEntries(
      pending.map((a) => [
        a.origin.kind === "playground" ? a.origin.columnId : "",
        a.origin.kind === "playground" ? a.origin.columnLabel : "",
      ]),
    );
    expect(labels).toEqual({ [columns[0]!.id]: "column 1 · scripted", [columns[1]!.id]: "column 2 · scripted" });
    for (const a of pending) getApprovals().answer(a.id, { action: "reject", reason: "not now" });
    await waitFor(
      "both turns to end",
      () => raws<PgTurn>(getHub().list(id, { limit: 5000 }), "pg_turn").filter((t) => t.status !== "running").length === 2,
    );
  });
});
