import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { z } from "zod";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; requestId: string }> };

/**
 * Answers one request: a SamplingAnswer or an ElicitationAnswer, checked against the request's
 * kind. Returns the updated McpClientRequest; 409 once it is not pending, 400 (request kept) for a
 * body or form content that does not fit.
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, requestId } = await ctx.params;
    const registry = getRegistry();
    registry.view(id);
    const body = await readBody(req, z.unknown());
    // The store knows requests of an earlier run of Loupe: those are a 409 (stale), not a 404.
    const answered = answerAudited(req, { kind: "answered", source: "mcp", requestId }, () =>
      getClientRequests().answer(id, requestId, body, registry.hub.store),
    );
    return Response.json(await answered);
  });
}
