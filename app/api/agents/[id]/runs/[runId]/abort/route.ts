import { getAgents } from "@/lib/server/adk/agents";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Closes the /run_sse connection (which aborts the ADK run) and returns the final record. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string; runId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, runId } = await ctx.params;
    return Response.json(await getAgents().abort(id, runId));
  });
}
