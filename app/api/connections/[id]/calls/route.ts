import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readQuery } from "@/lib/server/http";
import { listCallsQuery } from "./schema";

export const dynamic = "force-dynamic";

/** Newest first. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const query = readQuery(req, listCallsQuery);
    return Response.json(getRegistry().listCalls(id, query));
  });
}
