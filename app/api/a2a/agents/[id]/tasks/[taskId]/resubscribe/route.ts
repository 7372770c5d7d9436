import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; taskId: string }> };

/** Reopens the task's stream after a drop: 202 { exchangeId } at its first frame. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(await getA2a().resubscribe(id, taskId), { status: 202 });
  });
}
