import { AguiAnswerBody } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import { handle, readBody } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ requestId: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getAgui().getRequest((await ctx.params).requestId)));
}

/** Answers a front-end tool call or an interrupt; the thread's next run carries it (409 once answered). */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { requestId } = await ctx.params;
    const body = await readBody(req, AguiAnswerBody);
    return Response.json(
      await answerAudited(req, { kind: "answered", source: "agui", requestId }, () => getAgui().answerRequest(requestId, body)),
    );
  });
}
