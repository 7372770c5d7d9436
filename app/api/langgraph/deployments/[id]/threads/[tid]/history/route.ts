import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; tid: string }> };

/** The thread's checkpoints, newest first. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, tid } = await ctx.params;
    return Response.json(await getLangGraph().history(id, tid));
  });
}
