import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { getTaskManager } from "@/lib/server/mcp/tasks";

export const dynamic = "force-dynamic";

/** Loupe's record of one task with its whole result (no request to the server). */
export function GET(_req: Request, ctx: { params: Promise<{ id: string; taskId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(getTaskManager().get(getRegistry().connection(id), taskId));
  });
}
