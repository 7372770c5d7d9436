import { runRequestSchema } from "@/lib/contracts/testing";
import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskRun } from "@/lib/server/testing/mask";
import { readAs } from "../../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ suiteId: string }> };

/** The suite's run history, newest first, without per-replay results. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () =>
    Response.json(
      getTesting()
        .store.listRuns((await ctx.params).suiteId)
        .map(maskRun),
    ),
  );
}

/**
 * Starts a run `{ target?, repetitions? }`: 202 with the run as "running" (poll GET …/runs/:runId);
 * `?wait=1` answers 200 with the finished run instead.
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { suiteId } = await ctx.params;
    const body = await readAs(req, runRequestSchema, "test_run");
    const { run, done } = getTesting().startRun(suiteId, body);
    if (new URL(req.url).searchParams.get("wait") === "1") return Response.json(maskRun(await done));
    return Response.json(maskRun(run), { status: 202 });
  });
}
