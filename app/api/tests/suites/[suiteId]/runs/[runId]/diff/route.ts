import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";

export const dynamic = "force-dynamic";

/** The run against `?base=<runId>` (else the suite's baseline, else the run before): RunDiff. */
export function GET(req: Request, ctx: { params: Promise<{ suiteId: string; runId: string }> }): Promise<Response> {
  return handle(async () => {
    const { suiteId, runId } = await ctx.params;
    const base = new URL(req.url).searchParams.get("base") ?? undefined;
    return Response.json(getTesting().diff(suiteId, runId, base));
  });
}
