import { getAgents } from "@/lib/server/adk/agents";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Re-sends a failed stored answer as it was typed. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string; answerId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, answerId } = await ctx.params;
    return Response.json(await getAgents().retry(id, answerId));
  });
}
