import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; aid: string }> };

/** The assistant's JSON Schemas (input, output, state, config, context): 502 in words when the server has none in time. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, aid } = await ctx.params;
    return Response.json(await getLangGraph().schemas(id, aid));
  });
}
