import { LgRunBody } from "@/lib/contracts/langgraph";
import { handle, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Starts a streamed run (a new thread when none is named); its events arrive as entries. 409 while Loupe runs on the thread. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, LgRunBody);
    return Response.json(await getLangGraph().startRun(id, body), { status: 202 });
  });
}
