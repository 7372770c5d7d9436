import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; threadId: string }> };

/** The thread as Loupe keeps it: messages, state, runs. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, threadId } = await ctx.params;
    return Response.json(getAgui().thread(id, threadId));
  });
}
