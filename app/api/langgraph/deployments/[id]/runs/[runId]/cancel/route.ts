import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; runId: string }> };

/** Closes the stream and asks the server to cancel the run; answers with the ended run. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, runId } = await ctx.params;
    return Response.json(await getLangGraph().cancelRun(id, runId));
  });
}
