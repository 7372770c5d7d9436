import { handle } from "@/lib/server/http";
import { getModelEvals } from "@/lib/server/playground/model-evals";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ evalId: string }> };

/** The eval's runs, newest first: accuracy per model and per tool over time. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getModelEvals().runs((await ctx.params).evalId)));
}

/** Runs the eval now and answers when it ends: 201 ModelEvalRun. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(await getModelEvals().run((await ctx.params).evalId), { status: 201 }));
}
