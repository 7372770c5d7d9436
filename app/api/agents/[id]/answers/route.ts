import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody } from "@/lib/server/http";
import { answerBody } from "./schema";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/** `{ answer, run? }`: the answer is stored first, then sent as a new run (409 if stale/answered). */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, answerBody);
    const requestId = body.interruptKey ?? body.interruptId;
    return Response.json(await answerAudited(req, { kind: "answered", source: "adk", requestId }, () => getAgents().answer(id, body)));
  });
}
