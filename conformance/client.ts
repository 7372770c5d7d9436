/**
 * The client under test for the official MCP conformance suite (client mode), driven by
 * scripts/conformance.mjs. The suite starts a scenario server and runs
 * `node --conditions react-server --import tsx/loader conformance/client.ts <serverUrl>` with
 * MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT for pre-registered credentials) set.
 *
 * Everything goes through Loupe's own server code — the Registry, McpConnection and its
 * Streamable HTTP transport, the call runner, the client-requests inbox and the OAuth flow — in a
 * throwaway data dir, exactly as the UI's route handlers would drive them. It is not a fresh SDK
 * client: a failure here is a failure of Loupe's MCP client. The scenarios share
 * conformance/client-kit.ts; auth/* is in conformance/client-auth.ts, the 2026-07-28 wire
 * scenarios in conformance/client-exercise.ts.
 *
 * Exit 0 when the scenario was driven to its end; non-zero with the reason on stderr otherwise
 * (the suite records stdout/stderr next to its checks). The suite judges conformance from what
 * its server saw, not from this exit code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getClientRequests } from "@/lib/server/mcp/requests";
import type { Registry } from "@/lib/server/mcp/registry";
import { authScenario } from "./client-auth";
import { exercise } from "./client-exercise";
import { schemaPreservation } from "./client-schema";
import { callAllTools, createConnection, describeCall, expectConnected, log, resultText, scenario, serverUrl, sleep } from "./client-kit";

/** How long to wait for the server's elicitation to show up in Loupe's inbox. */
const PENDING_TIMEOUT_MS = 10_000;

async function initialize(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  const { tools } = await registry.listTools(view.id, { refresh: true });
  log(`listed ${tools.length} tool(s)`);
}

async function toolsCall(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  await callAllTools(registry, view.id);
}

/**
 * The tool asks an elicitation with defaults for every field; Loupe's inbox gets it and the
 * "user" accepts with nothing filled in. Loupe declares `elicitation.form.applyDefaults`, so the
 * content that reaches the server must carry every default.
 */
async function elicitationDefaults(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  const { tools } = await registry.listTools(view.id, { refresh: true });
  const tool = tools.find((t) => t.name === "test_client_elicitation_defaults") ?? tools[0];
  if (!tool) throw new Error("The server listed no tools");
  const api = getClientRequests();
  const call = registry.callTool(view.id, { name: tool.name, arguments: {} });
  const deadline = Date.now() + PENDING_TIMEOUT_MS;
  let pending: McpClientRequest | undefined;
  while (!pending) {
    pending = api.list({ connectionId: view.id }).find((r) => r.status === "pending" && r.kind === "elicitation_form");
    if (pending) break;
    if (Date.now() > deadline) throw new Error("No pending elicitation reached Loupe's inbox");
    await sleep(50);
  }
  log(`answering elicitation ${pending.id}: ${String(pending.params.message ?? "")}`);
  await api.answer(view.id, pending.id, { action: "accept", content: {} });
  const done = await call;
  log(`${tool.name} → ${describeCall(done)}`);
  if (done.status !== "ok" || !resultText(done).startsWith("Elicitation completed")) {
    throw new Error(`The elicitation did not complete: ${describeCall(done)}`);
  }
}

/**
 * The server closes the tools/call SSE stream after a priming event carrying `retry: 500`; the
 * response only arrives once the client reconnects (GET with Last-Event-ID) after that delay.
 */
async function sseRetry(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  await callAllTools(registry, view.id);
}

const SCENARIOS: Record<string, (registry: Registry) => Promise<void>> = {
  initialize,
  tools_call: toolsCall,
  "elicitation-sep1034-client-defaults": elicitationDefaults,
  "sse-retry": sseRetry,
  "request-metadata": exercise,
  "sep-2322-client-request-state": exercise,
  "http-standard-headers": exercise,
  "http-custom-headers": exercise,
  "http-invalid-tool-headers": exercise,
  "json-schema-ref-no-deref": exercise,
  "json-schema-2020-12-preservation": schemaPreservation,
};

function scenarioRunner(name: string): ((registry: Registry) => Promise<void>) | undefined {
  if (name.startsWith("auth/")) return authScenario;
  return SCENARIOS[name];
}

async function main(): Promise<number> {
  if (!serverUrl) {
    console.error("usage: conformance/client.ts <serverUrl> (with MCP_CONFORMANCE_SCENARIO set)");
    return 2;
  }
  const run = scenarioRunner(scenario);
  if (!run) {
    console.error(`Unknown scenario "${scenario}"`);
    return 2;
  }
  // A throwaway store: set before the registry (and so the store) is first created.
  const dataDir = mkdtempSync(path.join(tmpdir(), "loupe-conformance-"));
  process.env.LOUPE_DATA_DIR = dataDir;
  const { getRegistry } = await import("@/lib/server/mcp/registry");
  const registry = getRegistry();
  try {
    log(`scenario ${scenario} against ${serverUrl}`);
    await run(registry);
    log("done");
    return 0;
  } catch (error) {
    console.error(`[loupe-conformance] ${scenario}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await registry.closeAll().catch(() => undefined);
    registry.hub.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
