import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; runId: string }> };

/** Stops a running run; answers the run record once it has ended. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, runId } = await ctx.params;
    return Response.json(await getAgui().abortRun(id, runId));
  });
}
