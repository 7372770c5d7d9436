import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskRun } from "@/lib/server/testing/mask";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ suiteId: string; runId: string }> };

/** One run with every replay's result. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { suiteId, runId } = await ctx.params;
    return Response.json(maskRun(getTesting().store.requireRun(suiteId, runId)));
  });
}

/** Cancels a run still going (its finished replays are kept); a finished run is left as it is. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { suiteId, runId } = await ctx.params;
    return Response.json(maskRun(getTesting().cancelRun(suiteId, runId)));
  });
}
