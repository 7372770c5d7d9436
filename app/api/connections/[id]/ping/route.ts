import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** POST /api/connections/:id/ping → `{ ms }`; a failed ping is a 502 and is kept in state.lastPing too. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getRegistry().ping(id));
  });
}
