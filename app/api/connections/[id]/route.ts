import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { updateConnectionBody } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const view = getRegistry().view(id);
    // The tap (issue 10) without its key: GET …/tap has the key.
    const tap = getTaps().forConnection(id);
    return Response.json(tap ? { ...view, tap: getTaps().view(tap) } : view);
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
