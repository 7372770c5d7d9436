import { LgStateUpdateBody } from "@/lib/contracts/langgraph";
import { handle, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; tid: string }> };

/** Writes values as a new checkpoint (from `checkpointId`: a fork point); answers with its id. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, tid } = await ctx.params;
    const body = await readBody(req, LgStateUpdateBody);
    return Response.json(await getLangGraph().threads.updateState(id, tid, body));
  });
}
