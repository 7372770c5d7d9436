import { getAgents } from "@/lib/server/adk/agents";
import { answerAudit } from "@/lib/server/adk/answers";
import { handle, readBody } from "@/lib/server/http";
import { answerBody } from "./schema";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/**
 * `{ answer, run? }`: the answer is stored first, then sent as a new run (409 if stale/answered).
 * Audited under the request's name once the agent server took it (answered) or refused it (failed).
 */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, answerBody);
    const attempt = await answerAudited(
      req,
      (sent) => sent.settled.then((answer) => answerAudit(sent, answer, false)),
      () => getAgents().answerAttempt(id, body),
    );
    return Response.json(attempt.result);
  });
}
