import { handle, readQuery } from "@/lib/server/http";
import { authLog } from "@/lib/server/mcp/oauth";
import { AuthLogQuery } from "@/lib/contracts/auth";

export const dynamic = "force-dynamic";

/** GET ?before&limit → Entry[] of kinds auth_http and auth_event, ascending. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(authLog(id, readQuery(req, AuthLogQuery)));
  });
}
