import { AguiAnswerBody } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import { aguiAnswerAudit } from "@/lib/server/agui/answer-audit";
import { handle, readBody } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ requestId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getAgui().getRequest((await ctx.params).requestId)));
}

/**
 * Answers a front-end tool call or an interrupt; the thread's next run carries it (409 once answered).
 * Audited `answered` once that run took it, `failed` with the agent's words when it refused it (aguiAnswerAudit).
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { requestId } = await ctx.params;
    const body = await readBody(req, AguiAnswerBody);
    const agui = getAgui();
    const answered = answerAudited(
      req,
      (r) => aguiAnswerAudit(agui, r),
      () => agui.answerRequest(requestId, body),
    );
    return Response.json(await answered);
  });
}
