/**
 * What every conformance scenario of conformance/client.ts shares: the scenario's environment
 * (server URL, name, era, context), logging, and connecting and calling tools through Loupe's
 * Registry as the UI's route handlers would.
 */
import type { CallRecord } from "@/lib/contracts/calls";
import { ConnectionInput, ProtocolEraSetting, type ConnectionView, type OAuthSettings } from "@/lib/contracts/connections";
import type { Registry, ToolsListing } from "@/lib/server/mcp/registry";
import { isRecord } from "@/lib/values";

// Loupe's SDK types (via Loupe's modules): a bare SDK import here would resolve to the suite's own
// copy in conformance/node_modules.
type Tool = ToolsListing["tools"][number];

export const serverUrl = process.argv[2];
export const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
/**
 * The era the suite runs this scenario at (it sets the variable from the requirement set's
 * revision): Loupe's connection is pinned to it, as a user would in the connection's settings,
 * so a 2026-07-28 run never falls back to the handshake and a 2025-11-25 run never probes
 * server/discover.
 */
const protocolEra = eraOf(process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
/** Per-scenario data, e.g. `{ client_id, client_secret }` for auth/pre-registration. */
export const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);

/** One request's budget; the runner kills the whole client well after this. */
const REQUEST_TIMEOUT_MS = 15_000;

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
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

export function log(message: string): void {
  console.log(`[loupe-conformance] ${message}`);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function resultText(call: CallRecord): string {
  const content = isRecord(call.result) && Array.isArray(call.result.content) ? call.result.content : [];
  return content
    .filter(isRecord)
    .map((c) => (c.type === "text" ? (typeof c.text === "string" ? c.text : "") : `[${String(c.type)}]`))
    .join("\n");
}

export function describeCall(call: CallRecord): string {
  if (call.status === "ok") return `ok: ${resultText(call).slice(0, 200)}`;
  return `${call.status}: ${call.error?.message ?? resultText(call).slice(0, 200)}`;
}

/** Arguments that satisfy a tool's input schema well enough for the suite's test tools. */
export function argumentsFor(tool: Tool): Record<string, unknown> {
  if (tool.name === "add_numbers") return { a: 5, b: 3 };
  const args: Record<string, unknown> = {};
  const props = tool.inputSchema.properties ?? {};
  for (const name of tool.inputSchema.required ?? []) {
    const prop = props[name];
    const type = isRecord(prop) ? prop.type : undefined;
    if (isRecord(prop) && prop.default !== undefined) args[name] = prop.default;
    else if (type === "number" || type === "integer") args[name] = 1;
    else if (type === "boolean") args[name] = true;
    else if (type === "object") args[name] = {};
    else if (type === "array") args[name] = [];
    else args[name] = "test";
  }
  return args;
}

export function expectConnected(view: ConnectionView): void {
  if (view.state.status !== "connected") {
    throw new Error(`Loupe did not connect: ${view.state.status} ${view.state.error?.message ?? ""}`.trim());
  }
  log(
    `connected to ${view.state.serverInfo?.name ?? "?"} (protocol ${view.state.protocolVersion ?? "?"}, era ${view.state.era?.version ?? "?"} ${view.state.era?.mode ?? ""})`,
  );
}

/** A remote connection to the scenario's server, its input read as `POST /api/connections` reads a body. */
export async function createConnection(registry: Registry, extra: { oauth?: OAuthSettings } = {}): Promise<ConnectionView> {
  return registry.create(
    ConnectionInput.parse({
      name: `conformance ${scenario}`,
      transport: "http",
      url: serverUrl,
      headers: {},
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      protocolEra,
      ...extra,
    }),
  );
}

export async function callAllTools(registry: Registry, id: string): Promise<void> {
  const { tools } = await registry.listTools(id, { refresh: true });
  log(`tools: ${tools.map((t) => t.name).join(", ") || "(none)"}`);
  if (tools.length === 0) throw new Error("The server listed no tools");
  for (const tool of tools) {
    const call = await registry.callTool(id, { name: tool.name, arguments: argumentsFor(tool) });
    log(`${tool.name} → ${describeCall(call)}`);
    if (call.status !== "ok") throw new Error(`${tool.name} failed: ${describeCall(call)}`);
  }
}
