import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskSuite } from "@/lib/server/testing/mask";
import { readAs, SuiteBody } from "../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ suiteId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(maskSuite(getTesting().store.requireSuite((await ctx.params).suiteId))));
}

/** Replaces the suite (cases, default target, repetitions, baseline run). */
export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { suiteId } = await ctx.params;
    const body = await readAs(req, SuiteBody, "test_suite");
    return Response.json(maskSuite(getTesting().store.updateSuite(suiteId, body)));
  });
}

/** Deletes the suite and its runs (its cases stay). */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getTesting().store.deleteSuite((await ctx.params).suiteId);
    return new Response(null, { status: 204 });
  });
}
