import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { offerFastRoute } from "@/lib/server/fast-routes";
import { callToolBody } from "./schema";

export const dynamic = "force-dynamic";

/** Answers with the final CallRecord; tool errors, RPC errors, timeouts and cancels are values. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, callToolBody);
    return Response.json(await getRegistry().callTool(id, body));
  });
}

// The hottest route: the launcher calls this handler directly after Next's first load of it.
offerFastRoute("tools/call", POST);
