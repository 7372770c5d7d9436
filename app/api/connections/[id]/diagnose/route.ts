import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** POST /api/connections/:id/diagnose → the ConnectionView with `state.diagnosis` (the doctor's steps). */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getRegistry().diagnose(id));
  });
}
