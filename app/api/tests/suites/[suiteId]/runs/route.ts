import { runRequestSchema } from "@/lib/contracts/testing";
import { z } from "zod";
import { encodeActor } from "@/lib/contracts/people";
import { forwardFromRoute } from "@/lib/server/cluster/service";
import { handle, parseBodyText, parseWith, readText } from "@/lib/server/http";
import { actorOf } from "@/lib/server/people";
import { runHolder } from "@/lib/server/testing/route";
import { getTesting } from "@/lib/server/testing/service";
import { maskRun } from "@/lib/server/testing/mask";

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
    const text = await readText(req);
    const body = parseWith(runRequestSchema, parseBodyText(text, z.unknown()), "test_run");
    // With several instances (issue 25): a run starts where the saved servers or agents it replays against are held.
    const there = runHolder(getTesting().store, suiteId, body.target);
    if (there) return forwardFromRoute(req, there, text, encodeActor(actorOf(req)));
    const { run, done } = getTesting().startRun(suiteId, body);
    if (new URL(req.url).searchParams.get("wait") === "1") return Response.json(maskRun(await done));
    return Response.json(maskRun(run), { status: 202 });
  });
}
