import { getAgents } from "@/lib/server/adk/agents";
import { handle, readQuery } from "@/lib/server/http";
import { artifactQuery } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; sid: string; name: string }> };

/** The genai Part exactly as ADK returns it. */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid, name } = await ctx.params;
    const query = readQuery(req, artifactQuery);
    return Response.json(await getAgents().getArtifact(id, app, sid, name, query));
  });
}
