/**
 * The client under test for the official MCP conformance suite (client mode), driven by
 * scripts/conformance.mjs. The suite starts a scenario server and runs
 * `node --conditions react-server --import tsx/loader conformance/client.ts <serverUrl>` with
 * MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT for pre-registered credentials) set.
 *
 * Everything goes through Loupe's own server code — the Registry, McpConnection and its
 * Streamable HTTP transport, the call runner, the client-requests inbox and the OAuth flow — in a
 * throwaway data dir, exactly as the UI's route handlers would drive them. It is not a fresh SDK
 * client: a failure here is a failure of Loupe's MCP client.
 *
 * Exit 0 when the scenario was driven to its end; non-zero with the reason on stderr otherwise
 * (the suite records stdout/stderr next to its checks). The suite judges conformance from what
 * its server saw, not from this exit code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CallRecord } from "@/lib/contracts/calls";
import { ProtocolEraSetting, type ConnectionInput, type ConnectionView } from "@/lib/contracts/connections";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getPrompt, listPrompts, listResources, readResource } from "@/lib/server/mcp/resources";
import { completeAuthorization } from "@/lib/server/mcp/oauth";
import type { Registry, ToolsListing } from "@/lib/server/mcp/registry";

// Loupe's SDK types (via Loupe's modules): a bare SDK import here would resolve to the suite's own
// copy in conformance/node_modules.
type Tool = ToolsListing["tools"][number];

const serverUrl = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
/** The client metadata document URL the basic-cimd scenario expects the client to be configured with. */
const CIMD_URL = "https://conformance-test.local/client-metadata.json";
/**
 * The era the suite runs this scenario at (it sets the variable from the requirement set's
 * revision): Loupe's connection is pinned to it, as a user would in the connection's settings,
 * so a 2026-07-28 run never falls back to the handshake and a 2025-11-25 run never probes
 * server/discover.
 */
const protocolEra = eraOf(process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
/** Per-scenario data, e.g. `{ client_id, client_secret }` for auth/pre-registration. */
const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);

/** One request's budget; the runner kills the whole client well after this. */
const REQUEST_TIMEOUT_MS = 15_000;
/** How long to wait for the server's elicitation to show up in Loupe's inbox. */
const PENDING_TIMEOUT_MS = 10_000;
/** scope-retry-limit checks that a client gives up: never authorize more often than this. */
const MAX_AUTHORIZATIONS = 3;

function eraOf(raw: string | undefined): ProtocolEraSetting {
  const parsed = ProtocolEraSetting.safeParse(raw ?? "2025-11-25");
  if (!parsed.success || parsed.data === "auto")
    throw new Error(`MCP_CONFORMANCE_PROTOCOL_VERSION is "${raw}", not a revision Loupe speaks`);
  return parsed.data;
}

function parseContext(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function log(message: string): void {
  console.log(`[loupe-conformance] ${message}`);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function resultText(call: CallRecord): string {
  const content = (call.result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content.map((c) => (c.type === "text" ? (c.text ?? "") : `[${c.type}]`)).join("\n");
}

function describeCall(call: CallRecord): string {
  if (call.status === "ok") return `ok: ${resultText(call).slice(0, 200)}`;
  return `${call.status}: ${call.error?.message ?? resultText(call).slice(0, 200)}`;
}

/** Arguments that satisfy a tool's input schema well enough for the suite's test tools. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  if (tool.name === "add_numbers") return { a: 5, b: 3 };
  const args: Record<string, unknown> = {};
  const props = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string; default?: unknown }>;
  for (const name of tool.inputSchema.required ?? []) {
    const prop = props[name] ?? {};
    if (prop.default !== undefined) args[name] = prop.default;
    else if (prop.type === "number" || prop.type === "integer") args[name] = 1;
    else if (prop.type === "boolean") args[name] = true;
    else if (prop.type === "object") args[name] = {};
    else if (prop.type === "array") args[name] = [];
    else args[name] = "test";
  }
  return args;
}

function expectConnected(view: ConnectionView): void {
  if (view.state.status !== "connected") {
    throw new Error(`Loupe did not connect: ${view.state.status} ${view.state.error?.message ?? ""}`.trim());
  }
  log(
    `connected to ${view.state.serverInfo?.name ?? "?"} (protocol ${view.state.protocolVersion ?? "?"}, era ${view.state.era?.version ?? "?"} ${view.state.era?.mode ?? ""})`,
  );
}

async function createConnection(registry: Registry, extra: Partial<ConnectionInput> = {}): Promise<ConnectionView> {
  return registry.create({
    name: `conformance ${scenario}`,
    transport: "http",
    url: serverUrl!,
    headers: {},
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    protocolEra,
    ...extra,
  } as ConnectionInput);
}

async function callAllTools(registry: Registry, id: string): Promise<void> {
  const { tools } = await registry.listTools(id, { refresh: true });
  log(`tools: ${tools.map((t) => t.name).join(", ") || "(none)"}`);
  if (tools.length === 0) throw new Error("The server listed no tools");
  for (const tool of tools) {
    const call = await registry.callTool(id, { name: tool.name, arguments: argumentsFor(tool) });
    log(`${tool.name} → ${describeCall(call)}`);
    if (call.status !== "ok") throw new Error(`${tool.name} failed: ${describeCall(call)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios

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

/**
 * The suite's authorization server approves at once and redirects to Loupe's callback with
 * `code` and `state`: read them from Location instead of following it (no browser, no Loupe web
 * server), and hand them to Loupe as its callback route would.
 */
async function authorizeOnce(registry: Registry, id: string): Promise<void> {
  const auth = registry.view(id).state.auth;
  if (auth?.status !== "needs_authorization" || !auth.authorizationUrl) {
    throw new Error(`Expected Loupe to ask for authorization, got auth state ${JSON.stringify(auth ?? null)}`);
  }
  log(`authorizing at ${auth.authorizationUrl}`);
  const res = await fetch(auth.authorizationUrl, { redirect: "manual" });
  const location = res.headers.get("location");
  if (!location) throw new Error(`The authorization endpoint answered ${res.status} without a redirect`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`The redirect carries no code/state: ${location}`);
  // The issuer the authorization server names in its response (RFC 9207), as the callback route passes it.
  await completeAuthorization(state, code, registry, back.searchParams.get("iss"));
}

async function authScenario(registry: Registry): Promise<void> {
  const clientId = typeof context.client_id === "string" ? context.client_id : undefined;
  const clientSecret = typeof context.client_secret === "string" ? context.client_secret : undefined;
  const view = await createConnection(registry, {
    oauth: {
      enabled: true,
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      // The CIMD URL a user would configure for their client (the suite's reference client uses the same one).
      ...(scenario === "auth/basic-cimd" ? { clientMetadataUrl: CIMD_URL } : {}),
    },
  });
  const id = view.id;
  let authorizations = 0;
  const needsAuth = (): boolean => registry.view(id).state.auth?.status === "needs_authorization";
  const authorize = async (): Promise<void> => {
    if (++authorizations > MAX_AUTHORIZATIONS) throw new Error(`Gave up after ${MAX_AUTHORIZATIONS} authorizations`);
    await authorizeOnce(registry, id);
  };

  if (registry.view(id).state.status !== "connected") await authorize();
  expectConnected(registry.view(id));

  // List and call every tool; a 401/403 on the way (step-up) asks for authorization again,
  // bounded so a server that keeps refusing (scope-retry-limit) ends the run.
  for (;;) {
    try {
      await callAllTools(registry, id);
      return;
    } catch (error) {
      if (!needsAuth()) throw error;
      log(`authorization needed again: ${error instanceof Error ? error.message : String(error)}`);
      await authorize();
      if (registry.view(id).state.status !== "connected") await registry.connect(id);
    }
  }
}

/** Content a user would fill into a form elicitation: each field's default, else a plain value of its type. */
function formContent(params: Record<string, unknown>): Record<string, unknown> {
  const schema = params.requestedSchema as
    { properties?: Record<string, { type?: string; default?: unknown; enum?: unknown[] }> } | undefined;
  const content: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
    if (prop.default !== undefined) content[name] = prop.default;
    else if (prop.enum?.length) content[name] = prop.enum[0];
    else if (prop.type === "boolean") content[name] = true;
    else if (prop.type === "number" || prop.type === "integer") content[name] = 1;
    else content[name] = "test";
  }
  return content;
}

/**
 * Plays the user at Loupe's inbox while `work` runs: every pending server→client request
 * (JSON-RPC or an input_required round) is answered as soon as it shows up — a form elicitation
 * accepted with plain values, a sampling request with a short reply, a URL elicitation accepted.
 */
async function withInboxAnswered<T>(connectionId: string, work: () => Promise<T>): Promise<T> {
  const api = getClientRequests();
  const answered = new Set<string>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const r of api.list({ connectionId })) {
        if (r.status !== "pending" || answered.has(r.id)) continue;
        answered.add(r.id);
        const body =
          r.kind === "sampling"
            ? { action: "accept" as const, model: "loupe-conformance", text: "ok", stopReason: "endTurn" }
            : r.kind === "elicitation_form"
              ? { action: "accept" as const, content: formContent(r.params) }
              : { action: "accept" as const };
        log(`answering ${r.kind} ${r.id}${r.mrtr ? ` (round ${r.mrtr.round} of ${r.mrtr.method} ${r.mrtr.target})` : ""}`);
        await api.answer(connectionId, r.id, body).catch((error: unknown) => log(`answer failed: ${String(error)}`));
      }
      await sleep(25);
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await loop;
  }
}

/** The tool calls the scenario names in its context (`toolCalls: [{ name, arguments }]`), if any. */
function contextToolCalls(): { name: string; arguments: Record<string, unknown> }[] | undefined {
  const calls = context.toolCalls;
  if (!Array.isArray(calls)) return undefined;
  return calls.filter((c): c is { name: string; arguments: Record<string, unknown> } => typeof c?.name === "string");
}

/**
 * What a user does with a new server in Loupe, for the 2026-07-28 wire scenarios (request
 * metadata, routing and custom headers, MRTR, schemas): connect, list tools and call each one
 * Loupe lists (with the scenario's own arguments when it names them), answering the inbox; then
 * list and read every resource and list and get every prompt the server declares. A failed call
 * is logged, not fatal: the suite judges from what its server saw.
 */
async function exercise(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  const id = view.id;
  const conn = registry.connection(id);
  const caps = registry.view(id).state.capabilities ?? {};
  await withInboxAnswered(id, async () => {
    const { tools } = await registry.listTools(id, { refresh: true });
    log(`tools: ${tools.map((t) => t.name).join(", ") || "(none)"}`);
    const planned = contextToolCalls() ?? tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) }));
    for (const { name, arguments: args } of planned) {
      if (!tools.some((t) => t.name === name)) {
        log(`${name}: not in Loupe's tool list, not called`);
        continue;
      }
      const call = await registry.callTool(id, { name, arguments: args });
      log(`${name} → ${describeCall(call)}`);
    }
  });
  const step = (what: string, run: () => Promise<void>): Promise<void> =>
    run().catch((error: unknown) => log(`${what} failed: ${String(error)}`));
  if (caps.resources) {
    await step("resources", async () => {
      const { resources } = await listResources(conn);
      for (const r of resources) {
        const read = await readResource(conn, r.uri).then(
          () => "ok",
          (error: unknown) => String(error),
        );
        log(`resources/read ${r.uri} → ${read}`);
      }
    });
  }
  if (caps.prompts) {
    await step("prompts", async () => {
      const { prompts } = await listPrompts(conn);
      for (const p of prompts) {
        const got = await getPrompt(conn, { name: p.name, arguments: {} }).then(
          () => "ok",
          (error: unknown) => String(error),
        );
        log(`prompts/get ${p.name} → ${got}`);
      }
    });
  }
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
