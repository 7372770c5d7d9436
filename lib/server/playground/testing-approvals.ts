import "server-only";
import { ApprovalAnswer, type ToolApproval } from "@/lib/contracts/approvals";
import type { PgToolCall } from "@/lib/contracts/playground";
import type { PauseAnswer, PauseMet } from "@/lib/contracts/testing";
import { getApprovals } from "@/lib/server/approvals";
import type { ReplayIO } from "@/lib/server/testing/driver";
import { errorMessage } from "@/lib/values";

/**
 * The playground's pauses (issue 24): a tool call its approval gate held for the user. A case keeps
 * each decision given in the recorded conversation (approve, approve with edited arguments, reject)
 * as its recorded answers; a replay answers the gate with them through the approvals desk — the
 * inbox's own path — and a call gated where the case expected none fails the case in words.
 */

export const APPROVAL_PAUSE_KIND = "tool_approval";

/** A gated call as a pause: keyed by the tool (on its server), the call's name and arguments shown beside a mismatch. */
export function approvalPauseMet(call: Pick<PgToolCall, "tool" | "calledAs" | "arguments">): PauseMet {
  return { kind: APPROVAL_PAUSE_KIND, key: call.tool ?? call.calledAs, request: { tool: call.calledAs, arguments: call.arguments } };
}

/** The decision as the desk takes it again: an approval sends its edited arguments only when the user edited them. */
function answerOf(approval: ToolApproval): ApprovalAnswer | null {
  const decision = approval.decision;
  if (approval.status !== "answered" || !decision) return null;
  if (decision.action === "reject") return { action: "reject", reason: decision.reason };
  return decision.edited ? { action: "approve", arguments: decision.arguments } : { action: "approve" };
}

/**
 * The column's gated calls in the order they were asked, each with the decision the user gave; the
 * answers stop at the first one left unanswered (stale, or still waiting), as every agent case's do.
 */
export function recordedApprovals(calls: readonly PgToolCall[]): { pauses: PauseMet[]; answers: PauseAnswer[] } {
  const desk = getApprovals();
  const gated = calls.flatMap((call) => {
    if (!call.approvalId) return [];
    try {
      return [{ call, approval: desk.get(call.approvalId) }];
    } catch {
      return [];
    }
  });
  gated.sort((a, b) => a.approval.createdAt - b.approval.createdAt);
  // As the gate held it: the model's arguments, before any edit (the call's last state has the edited ones).
  const met = ({ call, approval }: (typeof gated)[number]) => approvalPauseMet({ ...call, arguments: approval.arguments });
  const answers: PauseAnswer[] = [];
  for (const one of gated) {
    const answer = answerOf(one.approval);
    if (!answer) break;
    answers.push({ ...met(one), answer });
  }
  return { pauses: gated.map(met), answers };
}

/**
 * Answers the column's calls that wait at the gate now (each once: `handled` holds their approval
 * ids) with the case's next recorded answers. False when the replay must stop: a gated call the case
 * did not expect, or an answer the desk refused (the runner has the reason, in words).
 */
export function answerWaitingApprovals(calls: readonly PgToolCall[], handled: Set<string>, io: ReplayIO, pauses: PauseMet[]): boolean {
  const waiting = calls.flatMap((call) =>
    call.status === "awaiting_approval" && call.approvalId && !handled.has(call.approvalId) ? [{ call, approvalId: call.approvalId }] : [],
  );
  for (const { call, approvalId } of waiting) {
    if (io.signal.aborted) return false;
    handled.add(approvalId);
    const met = approvalPauseMet(call);
    pauses.push(met);
    const reply = io.pause(met);
    if (!reply.ok) return false;
    const answer = ApprovalAnswer.safeParse(reply.answer);
    try {
      if (!answer.success) throw new Error("the recorded answer is not an approval decision (approve or reject)");
      getApprovals().answer(approvalId, answer.data);
    } catch (e) {
      io.refused(reply.index, errorMessage(e));
      return false;
    }
  }
  return true;
}
