import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { listPrompts } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

/** prompts/list, all pages aggregated (bounded). */
export function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await listPrompts(getRegistry().connection(id)));
  });
}
