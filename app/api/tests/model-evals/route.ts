import { modelEvalBodySchema } from "@/lib/contracts/testing";
import { handle } from "@/lib/server/http";
import { getModelEvals } from "@/lib/server/playground/model-evals";
import { readAs } from "../schema";

export const dynamic = "force-dynamic";

/** Every model eval, newest first. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getModelEvals().list()));
}

/** A new model eval (prompts with their expected tool calls, the models, the MCP connection): 201 ModelEval. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readAs(req, modelEvalBodySchema, "model_eval");
    return Response.json(getModelEvals().create(body), { status: 201 });
  });
}
