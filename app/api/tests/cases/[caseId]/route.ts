import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskCase } from "@/lib/server/testing/mask";
import { CaseBody, readAs } from "../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ caseId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(maskCase(getTesting().store.requireCase((await ctx.params).caseId))));
}

/** Replaces the case (its name, steps, answers, assertions…); id and createdAt stay. */
export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { caseId } = await ctx.params;
    const body = await readAs(req, CaseBody, "test_case");
    return Response.json(maskCase(getTesting().store.updateCase(caseId, body)));
  });
}

/** Deletes the case and takes it out of every suite. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getTesting().store.deleteCase((await ctx.params).caseId);
    return new Response(null, { status: 204 });
  });
}
