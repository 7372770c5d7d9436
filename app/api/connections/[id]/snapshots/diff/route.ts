import { SurfaceDiffQuery } from "@/lib/contracts/surface";
import { handle, readQuery } from "@/lib/server/http";
import { diffSnapshots } from "@/lib/server/mcp/surface";

export const dynamic = "force-dynamic";

/** `?from=<snapshot id|live>&to=<snapshot id|live>`: the changes from one to the other, breaking first. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const q = readQuery(req, SurfaceDiffQuery);
    return Response.json(await diffSnapshots(id, q.from, q.to));
  });
}
