import { handle } from "@/lib/server/http";
import { startAuthorization } from "@/lib/server/mcp/oauth";

export const dynamic = "force-dynamic";

/** POST → AuthorizeResponse: the authorization URL to open (discovery and registration done). */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await startAuthorization(id));
  });
}
