/**
 * `json-schema-2020-12-preservation` for conformance/client.ts (SEP-1613, SEP-2106): the scenario
 * lists a tool whose inputSchema carries `$schema`, `$defs` (with an `$anchor`), a `$ref`,
 * `allOf`/`anyOf`, `if`/`then`/`else` and `additionalProperties: false`, and a permissive echo
 * tool. The client hands the first tool's schema back through the echo tool, and the scenario
 * compares it with what it sent.
 *
 * The schema handed back is the one the browser gets: the JSON answer of Loupe's own tools route
 * (`GET /api/connections/:id/tools`, reading the connection's cached listing), not the SDK's
 * in-memory copy, so a keyword lost in listing, caching or serialising fails the scenario.
 */
import { GET as listToolsRoute } from "@/app/api/connections/[id]/tools/route";
import type { Registry } from "@/lib/server/mcp/registry";
import { isRecord } from "@/lib/values";
import { createConnection, describeCall, expectConnected, log } from "./client-kit";

const FOCAL_TOOL = "json_schema_2020_12_tool";
const ECHO_TOOL = "json_schema_echo";

/** The focal tool's inputSchema as the tools route answers it (the browser's view). */
async function schemaAsServed(id: string): Promise<Record<string, unknown>> {
  const res = await listToolsRoute(new Request(`http://127.0.0.1/api/connections/${id}/tools`), { params: Promise.resolve({ id }) });
  const body: unknown = await res.json();
  if (!res.ok || !isRecord(body) || !Array.isArray(body.tools))
    throw new Error(`The tools route answered ${res.status}: ${JSON.stringify(body)}`);
  const tool = body.tools.find((t) => isRecord(t) && t.name === FOCAL_TOOL);
  if (!isRecord(tool) || !isRecord(tool.inputSchema)) throw new Error(`The tools route lists no ${FOCAL_TOOL} with an object inputSchema`);
  return tool.inputSchema;
}

export async function schemaPreservation(registry: Registry): Promise<void> {
  const view = await createConnection(registry);
  expectConnected(view);
  const { tools } = await registry.listTools(view.id, { refresh: true });
  log(`tools: ${tools.map((t) => t.name).join(", ") || "(none)"}`);
  const schema = await schemaAsServed(view.id);
  log(`${FOCAL_TOOL} inputSchema as served: ${JSON.stringify(schema)}`);
  const call = await registry.callTool(view.id, { name: ECHO_TOOL, arguments: { schema } });
  log(`${ECHO_TOOL} → ${describeCall(call)}`);
  if (call.status !== "ok") throw new Error(`${ECHO_TOOL} failed: ${describeCall(call)}`);
}
