import { getConformanceRunner } from "@/lib/server/mcp/conformance/runner";
import { handle } from "@/lib/server/http";
import { getRegistry } from "@/lib/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Stops the run going on this connection (its whole process group); 409 conflict:conformance_not_running when none. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getRegistry().view(id);
    return Response.json(getConformanceRunner().cancel(id));
  });
}
