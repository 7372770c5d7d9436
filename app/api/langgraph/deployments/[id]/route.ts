import { handle, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";
import { updateLgDeploymentBody } from "../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getLangGraph().get((await ctx.params).id)));
}

/** Masked header values keep the stored secret; the deployment is checked again. */
export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const patch = await readBody(req, updateLgDeploymentBody);
    return Response.json(await getLangGraph().update(id, patch));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getLangGraph().remove((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
