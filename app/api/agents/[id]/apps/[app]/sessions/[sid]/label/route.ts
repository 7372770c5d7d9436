import { SessionLabelBody } from "@/lib/contracts/agents";
import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; sid: string }> };

/** Loupe's name and labels for a session: `{ name?, labels, updatedAt }` (no row once both are empty). */
export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    const body = await readBody(req, SessionLabelBody);
    return Response.json(getAgents().setLabel(id, app, sid, body));
  });
}
