import { ColumnPatch } from "@/lib/contracts/playground";
import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; columnId: string }> };

/** Another provider/model from the column's next turn on → PlaygroundColumn. */
export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, columnId } = await ctx.params;
    const { config } = await readBody(req, ColumnPatch);
    return Response.json(getPlayground().patchColumn(id, columnId, config));
  });
}

/** Stops the column's turn and removes it (its entries stay); the last column cannot go (409). */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, columnId } = await ctx.params;
    getPlayground().removeColumn(id, columnId);
    return new Response(null, { status: 204 });
  });
}
