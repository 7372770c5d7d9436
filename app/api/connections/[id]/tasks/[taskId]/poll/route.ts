import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { getTaskManager } from "@/lib/server/mcp/tasks";

export const dynamic = "force-dynamic";

/** tasks/get: the TaskRecord updated with the server's answer. */
export function POST(_req: Request, ctx: { params: Promise<{ id: string; taskId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(await getTaskManager().poll(getRegistry().connection(id), taskId));
  });
}
