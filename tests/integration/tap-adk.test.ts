import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TapSecret } from "@/lib/contracts/taps";
import { getApprovals } from "@/lib/server/approvals";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { SCRIPTED_ONLY, startAgentServer } from "@/demo/adk/start-agent-server";
import type { AgentServer } from "@/demo/adk/start-agent-server";
import { AdkTestClient, findCall, findResponse, text, textOf } from "@/tests/adk/adk-client";
import type { RunResult } from "@/tests/adk/adk-client";
import { tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import { settledCalls } from "@/tests/support/tapped-calls";

/**
 * An ADK agent behind a tap: the real `adk api_server` runs tests/adk/tap-agents/tap_agent, whose
 * MCPToolset (StreamableHTTPConnectionParams, bearer header) reaches the demo MCP server through
 * Loupe's tap with the policy "always". Its tools/call waits in Loupe's approvals until the user
 * approves; only then does the agent get the result.
 */

const data = tempDir("loupe-tap-adk-");
process.env.LOUPE_DATA_DIR = data.dir;
const TAP_PORT = 8706;
const AGENT_PORT = 8707;

let host: TapHostServer;
let agent: AgentServer;
let secret: TapSecret;
let demoId = "";

beforeAll(async () => {
  host = await startTapHost(TAP_PORT);
  const launch = demoServerLaunch();
  const view = await getRegistry().create({
    name: "demo via tap",
    transport: "stdio",
    command: launch.command,
    args: launch.args,
    env: launch.env,
    requestTimeoutMs: 30_000,
  });
  demoId = view.id;
  secret = getTaps().tapConnection(demoId, { policy: "always" });
  agent = await startAgentServer({
    port: AGENT_PORT,
    preload: true,
    agentsDir: path.resolve(import.meta.dirname, "../adk/tap-agents"),
    env: { ...SCRIPTED_ONLY, LOUPE_TAP_URL: secret.url, LOUPE_TAP_KEY: secret.key },
  });
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
});

const pendingFor = (connectionId: string) =>
  getApprovals()
    .list({ status: "pending" })
    .filter((a) => a.connectionId === connectionId);

describe("an ADK agent's McpToolset through a gated tap", () => {
  it("the agent's tools/call waits in Loupe's approvals, and gets the result once approved", async () => {
    const adk = new AdkTestClient(agent.url, "tap_agent");
    await adk.createSession("s1");
    let finished: RunResult | undefined;
    const run = adk.run("s1", text("forecast please")).then((r) => (finished = r));

    await expect.poll(() => pendingFor(demoId).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const approval = pendingFor(demoId)[0]!;
    expect(approval).toMatchObject({
      tool: "get-forecast",
      arguments: { city: "Lisbon" },
      origin: { kind: "tap", tapId: demoId },
      policy: { value: "always" },
    });
    // The ADK MCP client named itself in initialize: that is who the approval says asked.
    const asker = approval.origin.kind === "tap" ? approval.origin.client?.name : undefined;
    expect(asker).toBeTruthy();
    // Still waiting: nothing reached the server, the run has not ended.
    await new Promise((r) => setTimeout(r, 500));
    expect(finished).toBeUndefined();
    expect(getRegistry().listCalls(demoId, { tool: "get-forecast" })).toEqual([]);

    getApprovals().answer(approval.id, { action: "approve" });
    const result = await run;
    expect(result.errors).toEqual([]);
    const { call } = findCall(result.events, "get-forecast");
    const { response } = findResponse(result.events, call.id);
    expect(JSON.stringify(response.response)).toMatch(/Lisbon/);
    expect(result.events.map(textOf).join("")).toMatch(/^Forecast through the tap: .*Lisbon/);

    const calls = await settledCalls(demoId, { tool: "get-forecast" });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      status: "ok",
      approvalId: approval.id,
      origin: { kind: "tap", tapId: demoId, client: { name: asker } },
    });
    expect(
      getTaps()
        .get(demoId)
        ?.clients.map((c) => c.name),
    ).toContain(asker);
  });
});
