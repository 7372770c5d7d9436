import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody, readQuery } from "@/lib/server/http";
import { createSessionBody, userQuery } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string }> };

/** Newest first; JS's paginated object and Python's array are both accepted upstream. */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app } = await ctx.params;
    const { userId } = readQuery(req, userQuery);
    return Response.json(await getAgents().listSessions(id, app, userId));
  });
}

export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app } = await ctx.params;
    const body = await readBody(req, createSessionBody);
    return Response.json(await getAgents().createSession(id, app, body), { status: 201 });
  });
}
