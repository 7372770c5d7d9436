import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";
import { StopInput } from "../../schema";

export const dynamic = "force-dynamic";

/** Aborts the model requests, cancels running calls, makes pending approvals stale; answers the Conversation. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const { columnIds } = await readBody(req, StopInput);
    return Response.json(getPlayground().stop(id, columnIds));
  });
}
