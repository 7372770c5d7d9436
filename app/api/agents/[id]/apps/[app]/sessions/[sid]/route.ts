import { getAgents } from "@/lib/server/adk/agents";
import { handle, readQuery } from "@/lib/server/http";
import { userQuery } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; sid: string }> };

/** The stored session, raw events untouched (credential secrets in the user's answers masked). */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    const { userId } = readQuery(req, userQuery);
    return Response.json(await getAgents().getSession(id, app, sid, userId));
  });
}

export function DELETE(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    const { userId } = readQuery(req, userQuery);
    await getAgents().deleteSession(id, app, sid, userId);
    return new Response(null, { status: 204 });
  });
}
