import { getAgents } from "@/lib/server/adk/agents";
import { handle, readQuery } from "@/lib/server/http";
import { userQuery } from "./schema";

export const dynamic = "force-dynamic";

export function GET(req: Request, ctx: { params: Promise<{ id: string; app: string; sid: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    const { userId } = readQuery(req, userQuery);
    return Response.json(await getAgents().listArtifacts(id, app, sid, userId));
  });
}
