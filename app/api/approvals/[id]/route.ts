import { z } from "zod";
import { ApprovalAnswer } from "@/lib/contracts/approvals";
import { getApprovals } from "@/lib/server/approvals";
import { handle, parseWith, readBody } from "@/lib/server/http";

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
    desk.get(id);
    const answer = parseWith(ApprovalAnswer, await readBody(req, z.unknown()), "approval_answer");
    return Response.json(desk.answer(id, answer));
  });
}
