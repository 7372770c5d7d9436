import { handle, parseWith } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";
import { lgGraphQuery, searchParams } from "../../../../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; aid: string }> };

/** The assistant's graph; `?xray=1` includes its subgraphs' nodes (ids prefixed by their parents). */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, aid } = await ctx.params;
    const { xray } = parseWith(lgGraphQuery, searchParams(req), "query");
    return Response.json(await getLangGraph().graph(id, aid, xray === "1" || xray === "true"));
  });
}
