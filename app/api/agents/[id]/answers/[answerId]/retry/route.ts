import { getAgents } from "@/lib/server/adk/agents";
import { answerAudit } from "@/lib/server/adk/answers";
import { handle } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/** Re-sends a failed stored answer as it was typed; audited under its request's name, as the first answer. */
export function POST(req: Request, ctx: { params: Promise<{ id: string; answerId: string }> }): Promise<Response> {
  return handle(async () => {
    const { id, answerId } = await ctx.params;
    const attempt = await answerAudited(
      req,
      (sent) => sent.settled.then((answer) => answerAudit(sent, answer, true)),
      () => getAgents().retryAttempt(id, answerId),
    );
    return Response.json(attempt.result);
  });
}
