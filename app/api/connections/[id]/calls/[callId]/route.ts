import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** One call with its whole result (the history list leaves large results out). */
export function GET(_req: Request, ctx: { params: Promise<{ id: string; callId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, callId } = await ctx.params;
    return Response.json(getRegistry().getCall(id, callId));
  });
}
