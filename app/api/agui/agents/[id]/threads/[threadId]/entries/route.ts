import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; threadId: string }> };

/** The thread's recorded entries (agui_input, agui_event, agui_malformed, agui_run, agui_request), oldest first. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, threadId } = await ctx.params;
    return Response.json(getAgui().threadEntries(id, threadId));
  });
}
