import { z } from "zod";
import { ApprovalAnswer } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { handle, parseWith, readBody } from "@/lib/server/http";
import { answerAudited } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** One tool approval; 404 `not_found:approval` when there is none. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(getApprovals().get(id));
  });
}

/**
 * Approves (with the arguments to send, edited or not) or rejects (with a reason) a waiting call.
 * Returns the answered ToolApproval. 400 `bad_request:approval_answer` for a body that does not
 * fit (the call keeps waiting), 404 for an unknown id, 409 once it is answered or stale.
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const desk = getApprovals();
    const waiting = desk.get(id);
    const raw = await readBody(req, z.unknown());
    const answer = parseWith(ApprovalAnswer, raw, "approval_answer");
    // zod rebuilds a record by assignment, which drops a "__proto__" key: the arguments sent are
    // the very JSON the user approved (checked above), not the rebuilt copy.
    if (answer.action === "approve" && answer.arguments) answer.arguments = (raw as { arguments: Record<string, unknown> }).arguments;
    const edited =
      answer.action === "approve" && answer.arguments && JSON.stringify(answer.arguments) !== JSON.stringify(waiting.arguments);
    const kind = answer.action === "reject" ? "rejected" : edited ? "edited" : "approved";
    return Response.json(await answerAudited(req, { kind, source: "approval", requestId: id }, () => desk.answer(id, answer)));
  });
}
