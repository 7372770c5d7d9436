import { getAgui } from "@/lib/server/agui";
import { handle, readBody } from "@/lib/server/http";
import { updateAguiAgentBody } from "../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getAgui().get((await ctx.params).id)));
}

export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const patch = await readBody(req, updateAguiAgentBody);
    return Response.json(getAgui().update(id, patch));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getAgui().remove((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
