import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { getTaskManager } from "@/lib/server/mcp/tasks";

export const dynamic = "force-dynamic";

/**
 * tasks/result: for a finished task, the TaskRecord with its result; for an unfinished one the
 * record at once with `awaitingResult` (the result then arrives on the event stream).
 */
export function POST(_req: Request, ctx: { params: Promise<{ id: string; taskId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, taskId } = await ctx.params;
    return Response.json(await getTaskManager().fetchResult(getRegistry().connection(id), taskId));
  });
}
