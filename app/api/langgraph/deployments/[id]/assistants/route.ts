import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The server's assistants (POST /assistants/search): one per graph on a dev server. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(await getLangGraph().assistants((await ctx.params).id)));
}
