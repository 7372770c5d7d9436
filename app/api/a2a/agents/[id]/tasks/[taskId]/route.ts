import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; taskId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(getA2a().getTask(id, taskId));
  });
}
