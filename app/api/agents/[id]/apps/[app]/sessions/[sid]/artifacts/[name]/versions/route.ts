import { getAgents } from "@/lib/server/adk/agents";
import { handle, readQuery } from "@/lib/server/http";
import { userQuery } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; sid: string; name: string }> };

export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid, name } = await ctx.params;
    const { userId } = readQuery(req, userQuery);
    return Response.json(await getAgents().listArtifactVersions(id, app, sid, name, userId));
  });
}
