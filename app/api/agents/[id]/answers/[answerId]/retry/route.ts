import { getAgents } from "@/lib/server/adk/agents";
import { handle } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/** Re-sends a failed stored answer as it was typed. */
export function POST(req: Request, ctx: { params: Promise<{ id: string; answerId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, answerId } = await ctx.params;
    const retried = answerAudited(req, { kind: "answered", source: "adk", requestId: answerId, detail: "retried" }, () =>
      getAgents().retry(id, answerId),
    );
    return Response.json(await retried);
  });
}
