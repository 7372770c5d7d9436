import { getRegistry } from "@/lib/server/registry";
import { handle, readBody } from "@/lib/server/http";
import { updateConnectionBody } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(getRegistry().view(id));
  });
}

export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const input = await readBody(req, updateConnectionBody);
    return Response.json(await getRegistry().update(id, input));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    await getRegistry().remove(id);
    return new Response(null, { status: 204 });
  });
}
