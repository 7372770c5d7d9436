import { handle, readBody } from "@/lib/server/http";
import { signOut } from "@/lib/server/mcp/oauth";
import { SignOutBody } from "@/lib/contracts/auth";

export const dynamic = "force-dynamic";

/** POST { forgetClient? } → AuthSummary: tokens forgotten, the session closed. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, SignOutBody);
    return Response.json(await signOut(id, body));
  });
}
