import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { getClientRequests } from "@/lib/server/mcp/requests";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Sampling and elicitation requests of this connection (McpClientRequest[]) with their stored history, pending first. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const registry = getRegistry();
    registry.view(id);
    return Response.json(getClientRequests().list({ connectionId: id, store: registry.hub.store }));
  });
}
