import type { ConnectionInput } from "@/lib/contracts/connections";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import { whenServing } from "@/lib/launcher/serving";
import type { DemoPeers } from "@/lib/server/protocols/types";
import { startAgentServer, type AgentServer } from "@/demo/adk/start-agent-server";
import { ADK_A2A_APP, adkA2aCardUrl, waitForAdkA2aCard } from "@/demo/adk/adk-a2a";
import type { A2aDemo } from "@/demo/a2a/demo-agent";
import { startAguiDemo, type AguiDemo } from "@/demo/agui/server";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { startLangGraphDemo, type LangGraphDemo } from "@/demo/langgraph/start";
import { prebuiltEntryArgs } from "@/demo/entry";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { DEMO_NODE_FLAGS } from "@/demo/process-group";

/**
 * The demo peers `npm start` runs (docs/WHERE.md, "Boot and the demo peers"): per protocol, their
 * fixed ids and names and how to start each. instrumentation.ts hands them to boot(); each
 * protocol's adapter starts its own and saves them as builtin peers. Tests and e2e rely on the ids
 * and names.
 */
export const DEMO_MCP_ID = "demo-mcp";
export const DEMO_AGENT_ID = "demo-agent";
export const DEMO_AGUI_ID = "demo-agui";
export const DEMO_A2A_ID = "demo-a2a";
export const DEMO_ADK_A2A_ID = "demo-adk-a2a";
export const DEMO_LANGGRAPH_ID = "demo-langgraph";

/** The demo MCP server's connection: plain node on its prebuilt JavaScript (demo/entry.ts). */
export async function demoMcpInput(root: string): Promise<ConnectionInput> {
  const { command, args } = demoServerLaunch({ repoRoot: root, entry: await prebuiltEntryArgs(root, "demo/mcp-server") });
  // Tasks on, so the demo's rebook-all runs as a task in either era (on 2026-07-28 Loupe then
  // declares the Tasks extension, which the demo server waits for before it makes a task).
  const clientCapabilities = { ...DEFAULT_CLIENT_CAPABILITIES, tasks: true };
  return {
    name: "Loupe demo MCP server",
    transport: "stdio",
    command,
    args: [...DEMO_NODE_FLAGS, ...args],
    env: {},
    cwd: root,
    requestTimeoutMs: 60_000,
    clientCapabilities,
  };
}

/**
 * Started once per process (on globalThis: a second boot, or dev hot reload, reuses what runs), and
 * only once Loupe has answered (lib/launcher/serving.ts): a demo's start-up must not compete with
 * Loupe's first page (issue 22).
 */
function once<T>(name: string, start: () => Promise<T>): Promise<T> {
  const key = Symbol.for(name);
  const running: unknown = Reflect.get(globalThis, key);
  if (running instanceof Promise) return running;
  const started = whenServing().then(start);
  Reflect.set(globalThis, key, started);
  return started;
}

/**
 * The demo ADK api_server (our child), which also serves its agents over A2A (`--a2a`, ADK's own
 * support). Its agents run prebuilt (demo/prebuilt.ts), so `--a2a` loading every app at start costs
 * little: one server instead of a second `api_server --a2a` (which bundled them again, 15–25 s).
 */
const adkServer = (root: string) =>
  once<AgentServer>("loupe.demoAgentServer", () => startAgentServer({ port: 0, preload: true, a2a: true, repoRoot: root }));

/**
 * A loopback server inside Loupe's process, as the AG-UI demo: a child Node of its own cost ~20 MiB
 * more (issue 22). Loaded on start, so `--no-demo` never loads its express and gRPC servers.
 */
const a2aDemo = () => once<A2aDemo>("loupe.demoA2aAgent", async () => (await import("@/demo/a2a/demo-agent")).startA2aDemo({ port: 0 }));

/** A loopback server inside Loupe's process (so it dies with it). */
const aguiDemo = () => once<AguiDemo>("loupe.demoAguiAgent", () => startAguiDemo({ port: 0 }));

/** The LangGraph JS dev server on demo/langgraph's graphs (our child; 30–60 s to start on 2 cores). */
const langgraphDemo = (root: string) => once<LangGraphDemo>("loupe.demoLangGraph", () => startLangGraphDemo({ root, port: 0 }));

/** What ADK's api_server runs on: heavy, so the npm package ships without it (its demos are then offered). */
const ADK_PACKAGES = ["@google/adk-devtools", "@google/adk"];

export const DEMO_PEERS: DemoPeers = {
  mcp: [
    {
      id: DEMO_MCP_ID,
      name: "Loupe demo MCP server",
      label: "The demo MCP server",
      start: ({ root }) => demoMcpInput(root),
    },
  ],
  adk: [
    {
      id: DEMO_AGENT_ID,
      name: "Loupe demo agent",
      label: "The demo agent",
      needs: ADK_PACKAGES,
      start: async ({ root }) => ({ name: "Loupe demo agent", url: (await adkServer(root)).url, headers: {}, userId: "user" }),
    },
  ],
  a2a: [
    {
      id: DEMO_A2A_ID,
      name: "Loupe demo A2A agent",
      label: "The demo A2A agent",
      start: async () => ({
        name: "Loupe demo A2A agent",
        url: (await a2aDemo()).cardUrl,
        headers: {},
      }),
    },
    {
      id: DEMO_ADK_A2A_ID,
      name: "Loupe demo ADK agent (A2A)",
      label: "The demo ADK agent over A2A",
      needs: ADK_PACKAGES,
      // The card's own URL: the app lives under /a2a/<app>, where a base URL would lose its last segment.
      start: async ({ root }) => {
        const { url } = await adkServer(root);
        await waitForAdkA2aCard(url, ADK_A2A_APP);
        return { name: "Loupe demo ADK agent (A2A)", url: adkA2aCardUrl(url, ADK_A2A_APP), headers: {} };
      },
    },
  ],
  agui: [
    {
      id: DEMO_AGUI_ID,
      name: "Loupe demo AG-UI agent",
      label: "The demo AG-UI agent",
      // Its front-end tool declared by default.
      start: async () => ({ name: "Loupe demo AG-UI agent", url: (await aguiDemo()).url, headers: {}, tools: [CONFIRM_BOOKING_TOOL] }),
    },
  ],
  langgraph: [
    {
      id: DEMO_LANGGRAPH_ID,
      name: "Loupe demo LangGraph",
      label: "The demo LangGraph deployment",
      needs: ["@langchain/langgraph-cli"],
      // Its API server costs 30–60 s of CPU to start and ~80 MiB idle: most sessions never open it (issue 22).
      onRequest: "its LangGraph API server takes 30–60 s to start and about 80 MiB while it runs",
      start: async ({ root }) => ({ name: "Loupe demo LangGraph", url: (await langgraphDemo(root)).url, headers: {}, pollSeconds: 15 }),
    },
  ],
};
