import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody } from "@/lib/server/http";
import { updateAgentBody } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(getAgents().get(id));
  });
}

export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const input = await readBody(req, updateAgentBody);
    return Response.json(await getAgents().update(id, input));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    await getAgents().remove(id);
    return new Response(null, { status: 204 });
  });
}
