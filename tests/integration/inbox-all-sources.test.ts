import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientCapabilitiesConfig } from "@/lib/contracts/connections";
import type { InboxRow } from "@/lib/contracts/inbox";
import { getA2a } from "@/lib/server/a2a";
import { getAgents } from "@/lib/server/adk/agents";
import { getAgui } from "@/lib/server/agui";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getRegistry } from "@/lib/server/mcp/registry";
import { SCRIPTED_ONLY, startAgentServer, type AgentServer } from "@/demo/adk/start-agent-server";
import { spawnA2aDemo, type SpawnedA2aDemo } from "@/demo/a2a/spawn-a2a-demo";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { startAguiDemo, type AguiDemo } from "@/demo/agui/server";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import * as inboxRoute from "@/app/api/inbox/route";

/**
 * GET /api/inbox against real peers: the ADK api_server (scripted model), server-everything over
 * stdio, the demo A2A agent (SDK server side) and the demo AG-UI agent — every protocol's waiting
 * request in one list, one order.
 */
// The singletons read LOUPE_DATA_DIR lazily, on first use below.
const data = tempDir("loupe-inbox-all-");
process.env.LOUPE_DATA_DIR = data.dir;

const CAPS: ClientCapabilitiesConfig = { sampling: true, elicitationForm: true, elicitationUrl: true, roots: false, tasks: false };
let adk: AgentServer;
let agui: AguiDemo;
let a2aDemo: SpawnedA2aDemo;

beforeAll(async () => {
  [adk, agui, a2aDemo] = await Promise.all([
    startAgentServer({ port: 0, preload: true, env: SCRIPTED_ONLY }),
    startAguiDemo({ port: 7136 }),
    spawnA2aDemo({ port: 7137 }),
  ]);
});

afterAll(async () => {
  await getRegistry().closeAll();
  await getAgents().closeAll();
  await getA2a().closeAll();
  await Promise.all([adk?.stop(), agui?.close(), a2aDemo?.stop()]);
  data.cleanup();
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function listed(): Promise<InboxRow[]> {
  const res = await inboxRoute.GET();
  expect(res.status).toBe(200);
  return (await res.json()) as InboxRow[];
}

describe("GET /api/inbox — every protocol's requests together", () => {
  it("lists an ADK confirmation, an MCP sampling request, an AG-UI front-end tool call and an A2A input-required task, pending, newest first", async () => {
    // ADK: the demo agent asks to confirm a deletion.
    const agents = getAgents();
    const agentId = (await agents.create({ name: "demo", url: adk.url, headers: {}, userId: "u1" })).id;
    await agents.createSession(agentId, "loupe_demo", { sessionId: "s-inbox" });
    const run = agents.run(agentId, "loupe_demo", "s-inbox", { parts: [{ text: "delete" }], streaming: false });
    expect((await agents.waitRun(run.id))?.status).toBe("completed");

    // MCP: a tool call that waits on the client's model (sampling).
    const mcp = await getRegistry().create({
      ...stdioInput("everything", [EVERYTHING, "stdio"]),
      clientCapabilities: CAPS,
    });
    const call = getRegistry().callTool(mcp.id, { name: "trigger-sampling-request", arguments: { prompt: "say hi", maxTokens: 20 } });
    await until(() =>
      getClientRequests()
        .list({ connectionId: mcp.id })
        .some((r) => r.status === "pending"),
    );

    // AG-UI: the demo agent calls the front-end tool the user declared.
    const service = getAgui();
    const aguiId = service.registerBuiltin({
      id: "demo-agui",
      name: "Loupe demo AG-UI agent",
      url: agui.url,
      tools: [CONFIRM_BOOKING_TOOL],
    }).id;
    const started = service.startRun(aguiId, { text: "book a room", context: [] });
    await service.runDone(started.runId);

    // A2A: the demo agent's "ask" skill stops the task input-required, with a schema.
    const a2a = getA2a();
    const a2aId = (await a2a.create({ name: "demo a2a", url: a2aDemo.url, headers: {} })).id;
    const sent = await a2a.send(a2aId, { parts: [{ kind: "text", text: "ask" }], stream: true });
    await a2a.waitExchange(sent.exchangeId);
    await until(() => a2a.listRequests().some((r) => r.taskId === sent.taskId && r.status === "pending"));

    const rows = await listed();
    const pending = rows.filter((r) => r.status === "pending");
    expect(new Set(pending.map((r) => r.source))).toEqual(new Set(["adk", "mcp", "agui", "a2a"]));
    expect(pending.find((r) => r.source === "adk")).toMatchObject({ kind: "confirmation", agentId, sessionId: "s-inbox" });
    expect(pending.find((r) => r.source === "mcp")).toMatchObject({ kind: "sampling", connectionId: mcp.id });
    expect(pending.find((r) => r.source === "agui")).toMatchObject({ kind: "tool", toolName: "confirm_booking", agentId: aguiId });
    expect(pending.find((r) => r.source === "a2a")).toMatchObject({
      kind: "input",
      agentId: a2aId,
      taskId: sent.taskId,
      contextId: sent.contextId,
    });
    // One order for all: pending first, newest first among them (the A2A task asked last).
    expect(rows.slice(0, pending.length)).toEqual(pending);
    expect(pending.map((r) => r.createdAt ?? 0)).toEqual([...pending.map((r) => r.createdAt ?? 0)].sort((a, b) => b - a));
    expect(pending[0]!.source).toBe("a2a");

    // The MCP call is still waiting for its answer; end it so the connection closes cleanly.
    void call.catch(() => undefined);
  });
});
