import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getRegistry().listTools(id, { refresh: true }));
  });
}
