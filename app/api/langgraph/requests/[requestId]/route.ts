import { LgAnswerBody } from "@/lib/contracts/langgraph";
import { handle, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";
import { lgAnswerAudit } from "@/lib/server/langgraph/answer-audit";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ requestId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getLangGraph().getRequest((await ctx.params).requestId)));
}

/**
 * Answers an interrupt (409 once answered or stale); the resume goes out when the thread's last pending one is answered.
 * Audited `answered` once the resume took, `failed` with the server's words when it refused it (lgAnswerAudit).
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { requestId } = await ctx.params;
    const body = await readBody(req, LgAnswerBody);
    const lg = getLangGraph();
    const answered = answerAudited(
      req,
      (r) => lgAnswerAudit(lg, r, body.kind === "retry"),
      () => lg.answerRequest(requestId, body),
    );
    return Response.json(await answered);
  });
}
