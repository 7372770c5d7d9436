import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readQuery } from "@/lib/server/http";
import { trafficQuery } from "./schema";

export const dynamic = "force-dynamic";

/** Ascending by seq; raws over ENTRY_PREVIEW_BYTES come previewed with truncated: true. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const query = readQuery(req, trafficQuery);
    return Response.json(getRegistry().traffic(id, query));
  });
}
