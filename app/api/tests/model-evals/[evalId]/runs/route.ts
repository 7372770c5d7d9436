import { handle } from "@/lib/server/http";
import { getModelEvals } from "@/lib/server/playground/model-evals";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ evalId: string }> };

/** The eval's runs, newest first: accuracy per model and per tool over time. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getModelEvals().runs((await ctx.params).evalId)));
}

/** Runs the eval now and answers when it ends: 201 ModelEvalRun (status "cancelled" when DELETE stopped it). */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(await getModelEvals().run((await ctx.params).evalId), { status: 201 }));
}

/** Cancels the eval's run going (202): it ends "cancelled" with the prompts that had ended; 409 when none runs. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getModelEvals().cancel((await ctx.params).evalId);
    return Response.json({ cancelled: true }, { status: 202 });
  });
}
