import { errorMessage, isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";
import { makeSnapshot, SURFACE_LISTS } from "./snapshot";
import type { SurfaceList, SurfaceSnapshot } from "./snapshot";

/** The part of an MCP client a snapshot needs: the SDK's Client has it, a test can pass its own. */
export interface SurfaceClient {
  listTools(params?: { cursor?: string }): Promise<unknown>;
  listPrompts(params?: { cursor?: string }): Promise<unknown>;
  listResources(params?: { cursor?: string }): Promise<unknown>;
  listResourceTemplates(params?: { cursor?: string }): Promise<unknown>;
  getServerCapabilities(): unknown;
  getServerVersion(): unknown;
  getNegotiatedProtocolVersion(): string | undefined;
}

/** Bounds on one list: a server that pages forever (or returns its cursor again) stops here, said in a note. */
export const MAX_PAGES = 200;
export const MAX_ITEMS = 10_000;

/** The capability that says a list exists (`resources` covers templates too). */
const CAPABILITY: Record<SurfaceList, string> = {
  tools: "tools",
  prompts: "prompts",
  resources: "resources",
  resourceTemplates: "resources",
};

function page(client: SurfaceClient, list: SurfaceList, cursor: string | undefined): Promise<unknown> {
  const params = cursor === undefined ? undefined : { cursor };
  if (list === "tools") return client.listTools(params);
  if (list === "prompts") return client.listPrompts(params);
  if (list === "resources") return client.listResources(params);
  return client.listResourceTemplates(params);
}

/** Reads one list whole, page by page, bounded. */
async function readList(client: SurfaceClient, list: SurfaceList, notes: string[]): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    let result: unknown;
    try {
      result = await page(client, list, cursor);
    } catch (e) {
      notes.push(`${list}/list failed${n ? ` on page ${n + 1}` : ""}: ${errorMessage(e)}`);
      return items;
    }
    const got = isRecord(result) && Array.isArray(result[list]) ? result[list] : [];
    items.push(...got);
    if (items.length > MAX_ITEMS) {
      notes.push(`${list}: more than ${MAX_ITEMS} items; the first ${MAX_ITEMS} are kept`);
      return items.slice(0, MAX_ITEMS);
    }
    const next = isRecord(result) && typeof result.nextCursor === "string" ? result.nextCursor : undefined;
    if (next === undefined) return items;
    if (seen.has(next)) {
      notes.push(`${list}: the server returned the cursor ${JSON.stringify(next)} twice; stopped there`);
      return items;
    }
    seen.add(next);
    cursor = next;
  }
  notes.push(`${list}: more than ${MAX_PAGES} pages; stopped there`);
  return items;
}

function serverInfo(value: unknown): SurfaceSnapshot["server"] {
  if (!isRecord(value) || typeof value.name !== "string") return null;
  return {
    name: value.name,
    version: typeof value.version === "string" ? value.version : "",
    ...(typeof value.title === "string" ? { title: value.title } : {}),
  };
}

/** A snapshot of a connected server: every list its capabilities announce, read whole. */
export async function collectSurface(client: SurfaceClient): Promise<SurfaceSnapshot> {
  const announced = client.getServerCapabilities();
  const capabilities: JsonRecord = isRecord(announced) ? { ...announced } : {};
  const notes: string[] = [];
  const lists: Record<SurfaceList, unknown[]> = { tools: [], prompts: [], resources: [], resourceTemplates: [] };
  for (const list of SURFACE_LISTS) {
    if (capabilities[CAPABILITY[list]] === undefined) continue;
    lists[list] = await readList(client, list, notes);
  }
  return makeSnapshot({
    server: serverInfo(client.getServerVersion()),
    protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
    capabilities,
    lists,
    notes,
  });
}
