import "server-only";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { takenOverWhen, type Whereabouts } from "@/lib/server/cluster/whereabouts";

/**
 * The answer to an approval that is pending but waits on another instance (issue 25), in words: not
 * "stale" — it still waits. An answer is forwarded to the instance whose gate waits (a tap's: the one
 * holding its tap; a playground's: the one its conversation runs on, lib/server/approvals/route.ts),
 * so this is met only when that instance could not be reached at the moment: answer again. When it
 * stopped, a tap's call moves with the tap to the instance that takes it over (a playground's is
 * closed instead: `leftByStopped`).
 */
export function approvalElsewhere(approval: ToolApproval, where: Whereabouts): AppError {
  const tap = approval.origin.kind === "tap";
  const details = { instance: where.instance, name: where.name, live: where.live, retry: true };
  if (where.live) {
    const holds = tap ? "the Loupe instance holding its tap" : "where its playground conversation runs";
    const message = `This tool call waits on ${where.name}, ${holds}, not on this one, which could not hand it your answer. Answer again: an answer is sent to the instance the call waits on.`;
    return new AppError("conflict:approval_elsewhere", message, details);
  }
  const message = `This tool call waits on ${where.name}, which stopped answering (${takenOverWhen(where)}). The instance that takes its tap over takes this call with it: it is still pending, answer again in a moment.`;
  return new AppError("conflict:approval_elsewhere", message, details);
}

/**
 * Why a playground's approval pending on an instance that stopped is stale (issue 25): its
 * conversation ran there and no other instance takes it over, so nobody can receive its answer.
 * Undefined for one that still waits (its instance lives, or it is a tap's, which moves with its tap).
 */
export function leftByStopped(approval: ToolApproval, where: Whereabouts | undefined): string | undefined {
  if (approval.status !== "pending" || approval.origin.kind === "tap" || !where || where.live) return undefined;
  return `${where.name} stopped while this call waited: its playground conversation ran there and no other instance takes it over. Start the conversation's turn again to ask for it anew.`;
}
