import { ListResourcesQuery } from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readQuery } from "@/lib/server/http";
import { listResourceTemplates } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

/** resources/templates/list: all pages aggregated (bounded), or one page with `?paged=true&cursor=…`. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const query = readQuery(req, ListResourcesQuery);
    return Response.json(
      await listResourceTemplates(getRegistry().connection(id), { paged: query.paged === "true", cursor: query.cursor }),
    );
  });
}
