import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody } from "@/lib/server/http";
import { runBody } from "./schema";

export const dynamic = "force-dynamic";

/** 202 with the running RunRecord; the frames follow on /api/stream. */
export function POST(req: Request, ctx: { params: Promise<{ id: string; app: string; sid: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    const body = await readBody(req, runBody);
    return Response.json(getAgents().run(id, app, sid, body), { status: 202 });
  });
}
