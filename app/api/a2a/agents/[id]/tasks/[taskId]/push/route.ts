import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; taskId: string }> };

/** Registers Loupe's webhook (/a2a-push/:pushId, per-task token) for the task → A2aPushRegistration. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(await getA2a().registerPush(id, taskId), { status: 201 });
  });
}
