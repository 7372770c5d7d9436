import { handle } from "@/lib/server/http";
import { authSummary } from "@/lib/server/mcp/oauth";

export const dynamic = "force-dynamic";

/** GET → AuthSummary: client, token type/scope/expiry, pending authorization (never a token). */
export function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(authSummary(id));
  });
}
