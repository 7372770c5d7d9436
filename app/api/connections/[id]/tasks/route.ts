import { RunTaskBody } from "@/lib/contracts/tasks";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getTaskManager } from "@/lib/server/mcp/tasks";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Loupe's task records merged with the server's tasks/list (TaskListing). */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getTaskManager().listing(getRegistry().connection(id)));
  });
}

/** Runs a tool as a task (tools/call with `task`); 201 with the TaskRecord of the created task. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, RunTaskBody);
    const record = await getTaskManager().run(getRegistry().connection(id), body);
    return Response.json(record, { status: 201 });
  });
}
