import { ConversationPatch } from "@/lib/contracts/playground";
import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getPlayground().get((await ctx.params).id)));
}

/** Settings apply from the next turn on; a turn running now keeps the ones it started with. */
export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const patch = await readBody(req, ConversationPatch);
    return Response.json(getPlayground().patch(id, patch));
  });
}

/** Stops its running turns first; its entries stay in the record. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getPlayground().remove((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
