import { handle, readQuery } from "@/lib/server/http";
import { networkLog } from "@/lib/server/mcp/network";
import { NetworkLogQuery } from "@/lib/contracts/network";

export const dynamic = "force-dynamic";

/** GET ?before&limit → NetworkLog: the connection's HTTP exchanges, oldest first (400 for stdio). */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(networkLog(id, readQuery(req, NetworkLogQuery)));
  });
}
