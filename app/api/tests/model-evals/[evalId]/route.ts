import { modelEvalBodySchema } from "@/lib/contracts/testing";
import { handle } from "@/lib/server/http";
import { getModelEvals } from "@/lib/server/playground/model-evals";
import { readAs } from "../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ evalId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getModelEvals().require((await ctx.params).evalId)));
}

/** Replaces the eval (prompts, expected calls, models, server); id, createdAt and its runs stay. */
export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { evalId } = await ctx.params;
    const body = await readAs(req, modelEvalBodySchema, "model_eval");
    return Response.json(getModelEvals().update(evalId, body));
  });
}

/** Deletes the eval and its history; 409 while it runs. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getModelEvals().remove((await ctx.params).evalId);
    return new Response(null, { status: 204 });
  });
}
