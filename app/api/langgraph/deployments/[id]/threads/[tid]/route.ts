import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; tid: string }> };

/** The thread as the server has it now (values, status, interrupts), with the runs Loupe started on it. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, tid } = await ctx.params;
    return Response.json(await getLangGraph().threads.detail(id, tid));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, tid } = await ctx.params;
    await getLangGraph().threads.remove(id, tid);
    return new Response(null, { status: 204 });
  });
}
