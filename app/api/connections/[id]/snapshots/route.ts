import { TakeSnapshotBody } from "@/lib/contracts/surface";
import { handle, readBody } from "@/lib/server/http";
import { listSnapshots, takeSnapshot } from "@/lib/server/mcp/surface";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The kept surface snapshots of the connection, newest first, without their lists. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(listSnapshots(id));
  });
}

/** Takes a snapshot of the connected server now: 201 with it. 409 conflict:not_connected when it is not connected. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, TakeSnapshotBody);
    return Response.json(await takeSnapshot(id, body.label), { status: 201 });
  });
}
