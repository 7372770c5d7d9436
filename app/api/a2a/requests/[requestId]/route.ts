import { A2aAnswerBody } from "@/lib/contracts/a2a";
import { getA2a } from "@/lib/server/a2a";
import { handle, readBody } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";
import { wasUndelivered } from "@/lib/server/a2a/answer-request";
import { errorMessage } from "@/lib/values";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ requestId: string }> };

/**
 * Answers an input-required / auth-required task by continuing it (same taskId and contextId):
 * 409 conflict:a2a_request_answered on a second answer, conflict:a2a_request_stale when the task
 * moved on; a refused answer leaves the request failed (retry allowed) and returns the agent's error
 * (audited `failed`).
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { requestId } = await ctx.params;
    const body = await readBody(req, A2aAnswerBody);
    return Response.json(
      await answerAudited(
        req,
        { kind: "answered", source: "a2a", requestId },
        () => getA2a().answerRequest(requestId, body),
        // Sent and refused by the agent: the attempt is on record, with the agent's words.
        (error) => (wasUndelivered(error) ? { kind: "failed", source: "a2a", requestId, detail: errorMessage(error) } : undefined),
      ),
    );
  });
}
