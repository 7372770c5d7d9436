import "server-only";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { takenOverWhen, type Whereabouts } from "@/lib/server/cluster/whereabouts";

/**
 * The answer to an approval that is pending but waits on another instance (issue 25), in words: not
 * "stale" — it still waits. A tap's call waits on the instance holding the tap (an answer is sent
 * there), and when that one stopped, on the instance that takes the tap over; a playground's call
 * waits where its conversation runs, which no other instance takes over.
 */
export function approvalElsewhere(approval: ToolApproval, where: Whereabouts): AppError {
  const tap = approval.origin.kind === "tap";
  const details = { instance: where.instance, name: where.name, live: where.live, retry: tap };
  if (where.live) {
    const message = tap
      ? `This tool call waits on ${where.name}, the Loupe instance holding its tap, not on this one, which could not hand it your answer. Answer again: an answer is sent to the instance holding the tap.`
      : `This tool call waits on ${where.name}, where its playground conversation runs, not on this one: answering here cannot reach it. Answer it on ${where.name}.`;
    return new AppError("conflict:approval_elsewhere", message, details);
  }
  const message = tap
    ? `This tool call waits on ${where.name}, which stopped answering (${takenOverWhen(where)}). The instance that takes its tap over takes this call with it: it is still pending, answer again in a moment.`
    : `This tool call waits on ${where.name}, which stopped answering. Its playground conversation ran there and no other instance takes it over: the call will not run. Start the conversation's turn again to ask for it anew.`;
  return new AppError("conflict:approval_elsewhere", message, details);
}
