import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/**
 * POST /api/connections/:id/era/redetect → the ConnectionView after a reconnect that forgot the
 * remembered era verdict, so the server is probed with server/discover again (a failed attempt
 * is a 200 whose state says error, like Connect).
 */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getRegistry().redetectEra(id));
  });
}
