import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; taskId: string }> };

/** tasks/get now → A2aTaskDetail; the agent's error is a 4xx/502 AppError. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(await getA2a().refreshTask(id, taskId));
  });
}
