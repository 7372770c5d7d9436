import { AppError } from "@/lib/errors";
import { handle, readBody } from "@/lib/server/http";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { getPlayground } from "@/lib/server/playground";
import { DraftInput } from "@/lib/server/playground/sampling-draft";
import { getRegistry } from "@/lib/server/mcp/registry";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; requestId: string }> };

/**
 * A playground column's model drafts the answer to a pending sampling request → `{ text, model }`.
 * Nothing is sent to the server: the user approves the draft with the usual answer POST.
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, requestId } = await ctx.params;
    const registry = getRegistry();
    registry.view(id);
    const { conversationId, columnId } = await readBody(req, DraftInput);
    const request = getClientRequests().get(requestId, registry.hub.store);
    if (!request || request.connectionId !== id)
      throw new AppError("not_found:mcp_request", `No request "${requestId}" on this connection`);
    return Response.json(await getPlayground().draftSampling(conversationId, columnId, request));
  });
}
