import { getAgents } from "@/lib/server/adk/agents";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Re-reads `/list-apps` and `/version`. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getAgents().check(id));
  });
}
