import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import type { BootOptions } from "@/lib/launcher/cli";
import { DEFAULT_CLIENT_CAPABILITIES } from "@/lib/contracts/connections";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { demoServerLaunch } from "@/demo/mcp/launch";
import { startAgentServer, type AgentServer } from "@/demo/adk/start-agent-server";
import { ADK_A2A_APP, adkA2aCardUrl, startAdkA2aServer } from "@/demo/adk/adk-a2a";
import { spawnA2aDemo, type SpawnedA2aDemo } from "@/demo/a2a/spawn-a2a-demo";
import { getA2a } from "@/lib/server/a2a";
import { startAguiDemo, type AguiDemo } from "@/demo/agui/server";
import { CONFIRM_BOOKING_TOOL } from "@/demo/agui/script";
import { getAgui } from "@/lib/server/agui";
import { getAgents } from "@/lib/server/adk/agents";
import { logLine } from "@/lib/log-text";
import { startRetention } from "@/lib/server/retention";
import { getStore } from "@/lib/server/store";
import { startAppsHost } from "@/lib/server/mcp/apps/apps-sandbox";
import { installTapEndpoint } from "@/lib/server/mcp/tap/endpoint";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { errorMessage } from "@/lib/values";

export const DEMO_MCP_ID = "demo-mcp";
export const DEMO_AGENT_ID = "demo-agent";
export const DEMO_AGUI_ID = "demo-agui";
export const DEMO_A2A_ID = "demo-a2a";
export const DEMO_ADK_A2A_ID = "demo-adk-a2a";

function stableId(prefix: string, key: string): string {
  // The same --mcp / --mcp-url on every launch maps to the same saved connection (and its history).
  return `${prefix}-${createHash("sha256").update(key).digest("hex").slice(0, 10)}`;
}

const RUNNERS = /^(npx|node|uvx|uv|python3?|deno|bun|tsx|pipx|docker)$/;
const GENERIC_FILE = /^(index|main|cli|server|app)\.(c|m)?(js|ts|py)$/;
const BUILD_DIRS = new Set(["dist", "build", "lib", "src", "bin", "out"]);

/** A readable name for a command line: `node …/server-everything/dist/index.js` → server-everything. */
export function nameFor(words: string[]): string {
  const target = words.find((w) => !w.startsWith("-") && !RUNNERS.test(path.basename(w))) ?? words[0] ?? "server";
  const parts = target.split(/[\\/]/).filter(Boolean);
  while (parts.length > 1 && (GENERIC_FILE.test(parts[parts.length - 1]!) || BUILD_DIRS.has(parts[parts.length - 1]!))) parts.pop();
  return parts[parts.length - 1] ?? target;
}

export function demoMcpInput(root: string): ConnectionInput {
  const { command, args } = demoServerLaunch({ repoRoot: root });
  // Tasks on, so the demo's rebook-all runs as a task in either era (on 2026-07-28 Loupe then
  // declares the Tasks extension, which the demo server waits for before it makes a task).
  const clientCapabilities = { ...DEFAULT_CLIENT_CAPABILITIES, tasks: true };
  return {
    name: "Loupe demo MCP server",
    transport: "stdio",
    command,
    args,
    env: {},
    cwd: root,
    requestTimeoutMs: 60_000,
    clientCapabilities,
  };
}

/** Restores saved connections and pre-connects the demo and the command line's servers. */
export async function boot(opts: BootOptions): Promise<void> {
  const registry = getRegistry();
  // Old traffic goes before anything replays it (LOUPE_RETENTION_DAYS / _MB), then hourly.
  startRetention(getStore());
  // The MCP apps sandbox: a second listener (own port, LOUPE_APPS_PORT) so app code never runs
  // on Loupe's origin. Started first: it only binds a port.
  await startAppsHost();
  // The MCP tap's endpoint (/mcp/<tap id>, served by the launcher) and taps.json with this port.
  installTapEndpoint();
  // The A2A registry installs the push webhook handler (/a2a-push/<id>): webhooks registered before
  // a restart are answered even if nothing else touches A2A.
  getA2a();
  getTaps().writeFile();
  const root = process.env.LOUPE_ROOT ?? process.cwd();
  const wanted: Promise<unknown>[] = [];
  const preset = new Set<string>();

  if (opts.demo) {
    preset.add(DEMO_MCP_ID);
    wanted.push(registry.create(demoMcpInput(root), { id: DEMO_MCP_ID, builtin: true }));
  } else if (registry.get(DEMO_MCP_ID)) {
    await registry.remove(DEMO_MCP_ID);
  }
  for (const words of opts.mcp) {
    const id = stableId("cli", words.join("\u0000"));
    preset.add(id);
    const [command, ...args] = words as [string, ...string[]];
    wanted.push(registry.create({ name: nameFor(words), transport: "stdio", command, args, env: {}, requestTimeoutMs: 60_000 }, { id }));
  }
  for (const url of opts.mcpUrl) {
    const id = stableId("url", url);
    preset.add(id);
    wanted.push(registry.create({ name: new URL(url).host, transport: "http", url, headers: {}, requestTimeoutMs: 60_000 }, { id }));
  }
  // Connection failures are shown on each connection; they must not stop Loupe from starting.
  await Promise.allSettled(wanted);
  await registry.connectSaved({ except: preset });
  await bootAgents(opts, root);
}

const demoAgentKey = Symbol.for("loupe.demoAgentServer");

/** The demo ADK agent (our api_server child) and the --agent servers. */
async function bootAgents(opts: BootOptions, root: string): Promise<void> {
  const agents = getAgents();
  const preset = new Set<string>([DEMO_AGENT_ID]);
  for (const url of opts.agents) {
    const id = stableId("agent", url);
    preset.add(id);
    const name = `ADK ${new URL(url).host}`;
    // An agent server that is down is shown as such; it must not stop Loupe from starting.
    await agents.create({ name, url, headers: {}, userId: "user" }, { id }).catch(() => undefined);
  }
  void agents.checkSaved({ except: preset }).catch(() => undefined);
  if (!opts.demo) {
    if (agents.has(DEMO_AGENT_ID)) await agents.remove(DEMO_AGENT_ID);
    if (getAgui().has(DEMO_AGUI_ID)) getAgui().remove(DEMO_AGUI_ID, { builtin: true });
    // The demo A2A peers are not started either: their saved builtin agents would point at nothing.
    for (const id of [DEMO_A2A_ID, DEMO_ADK_A2A_ID]) if (getA2a().has(id)) getA2a().remove(id, { builtin: true });
    return;
  }
  bootAguiDemo();
  // The agent server takes seconds to bundle its agents: it comes up in the background and
  // appears in the UI over the event stream when ready; Loupe does not wait for it.
  const g = globalThis as typeof globalThis & { [demoAgentKey]?: Promise<AgentServer> };
  const demo = { name: "Loupe demo agent", headers: {}, userId: "user" };
  if (!g[demoAgentKey]) {
    agents.announce({ ...demo, url: "http://127.0.0.1/" }, { id: DEMO_AGENT_ID, builtin: true });
    g[demoAgentKey] = startAgentServer({ port: 0, preload: true, repoRoot: root });
  }
  bootA2aPeers(g[demoAgentKey], root);
  void g[demoAgentKey]
    .then((server) => agents.create({ ...demo, url: server.url }, { id: DEMO_AGENT_ID, builtin: true }))
    .catch((e: unknown) => {
      const message = `The demo agent did not start: ${errorMessage(e)}`;
      logLine(message);
      agents.announce({ ...demo, url: "http://127.0.0.1/" }, { id: DEMO_AGENT_ID, builtin: true, error: message });
    });
}

const demoAguiKey = Symbol.for("loupe.demoAguiAgent");

/**
 * The demo AG-UI agent: a loopback server inside Loupe's process (so it dies with it), pre-connected
 * as a builtin agent with its front-end tool declared by default. It does not block Loupe's start.
 */
function bootAguiDemo(): void {
  const g = globalThis as typeof globalThis & { [demoAguiKey]?: Promise<AguiDemo> };
  g[demoAguiKey] ??= startAguiDemo({ port: 0 });
  void g[demoAguiKey]
    .then((demo) =>
      getAgui().registerBuiltin({ id: DEMO_AGUI_ID, name: "Loupe demo AG-UI agent", url: demo.url, tools: [CONFIRM_BOOKING_TOOL] }),
    )
    .catch((e: unknown) => logLine(`The demo AG-UI agent did not start: ${errorMessage(e)}`));
}

const demoA2aKey = Symbol.for("loupe.demoA2aAgent");
const demoAdkA2aKey = Symbol.for("loupe.demoAdkA2aServer");

/**
 * The two demo A2A peers, pre-connected as builtin A2A agents once they serve their cards: the demo
 * A2A agent (SDK server side, a child of ours) and the demo ADK agents served over A2A by ADK's own
 * support (a second `adk api_server --a2a`). That one starts only after the demo ADK server is up:
 * `--a2a` bundles every app at start, and on the same server it delayed the demo ADK agent by
 * 15–25 s on 2 busy cores. Neither blocks Loupe's start; a failure is logged.
 */
function bootA2aPeers(adkServer: Promise<AgentServer>, root: string): void {
  const g = globalThis as typeof globalThis & { [demoA2aKey]?: Promise<SpawnedA2aDemo>; [demoAdkA2aKey]?: Promise<AgentServer> };
  g[demoA2aKey] ??= spawnA2aDemo({ port: 0, repoRoot: root });
  const fail = (what: string) => (e: unknown) => logLine(`${what} did not start: ${errorMessage(e)}`);
  void g[demoA2aKey]
    .then((demo) =>
      getA2a().registerBuiltin({ id: DEMO_A2A_ID, name: "Loupe demo A2A agent", url: `${demo.url}/.well-known/agent-card.json` }),
    )
    .catch(fail("The demo A2A agent"));
  g[demoAdkA2aKey] ??= adkServer.catch(() => undefined).then(() => startAdkA2aServer({ port: 0, repoRoot: root }));
  void g[demoAdkA2aKey]
    // The card's own URL: the app lives under /a2a/<app>, where a base URL would lose its last segment.
    .then((server) =>
      getA2a().registerBuiltin({ id: DEMO_ADK_A2A_ID, name: "Loupe demo ADK agent (A2A)", url: adkA2aCardUrl(server.url, ADK_A2A_APP) }),
    )
    .catch(fail("The demo ADK agent over A2A"));
}
