import { deleteSnapshot, getSnapshot } from "@/lib/server/mcp/surface";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; snapshotId: string }> };

/** One kept snapshot with its lists (a loupe-surface file in `snapshot`); 404 not_found:snapshot. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, snapshotId } = await ctx.params;
    return Response.json(getSnapshot(id, snapshotId));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, snapshotId } = await ctx.params;
    deleteSnapshot(id, snapshotId);
    return new Response(null, { status: 204 });
  });
}
