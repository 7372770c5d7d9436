import "server-only";
import { isRecord } from "@/lib/values";
import { HEADER_MISMATCH, paramHeaderProblem } from "@/lib/protocols/mcp/param-header-check";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { TapRouting } from "@/lib/server/mcp/tap/routing";

/**
 * SEP-2243 on 2026-07-28: a tools/call's `Mcp-Param-*` headers must agree with its body for the
 * arguments the tool's schema marks with `x-mcp-header` (the upstream's listing, as Loupe keeps
 * it). The SDK checks only servers built with McpServer; the tap's tools are the upstream's.
 */
export async function paramHeaderMismatch(request: Request, body: unknown, routing: TapRouting): Promise<Response | undefined> {
  if (request.method !== "POST" || request.headers.get("mcp-method")?.trim() !== "tools/call") return undefined;
  const name = isRecord(body) && isRecord(body.params) ? body.params.name : undefined;
  const target = typeof name === "string" ? routing.resolve(name) : undefined;
  if (!target) return undefined;
  const listing = await getRegistry()
    .listTools(target.connectionId)
    .catch(() => undefined);
  const tool = listing?.tools.find((t) => t.name === target.name);
  if (!tool) return undefined;
  const problem = paramHeaderProblem(body, request.headers, () => tool);
  if (!problem) return undefined;
  const id = (isRecord(body) ? body.id : undefined) ?? null;
  return Response.json({ jsonrpc: "2.0", id, error: { code: HEADER_MISMATCH, message: `Header mismatch: ${problem}` } }, { status: 400 });
}
