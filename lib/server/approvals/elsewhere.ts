import "server-only";
import type { ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { takenOverWhen, type Whereabouts } from "@/lib/server/cluster/whereabouts";

/**
 * The answer to an approval that is pending but waits on another instance (issue 25), in words: not
 * "stale" — it still waits. An answer is forwarded to the instance whose gate waits (a tap's: the one
 * holding its tap; a playground's: the one its conversation runs on, lib/server/approvals/route.ts),
 * so this is met only when that instance could not be reached at the moment: answer again. When it
 * stopped, a tap's call moves with the tap to the instance that takes it over; a playground's
 * conversation ran there and no other instance takes it over.
 */
export function approvalElsewhere(approval: ToolApproval, where: Whereabouts): AppError {
  const tap = approval.origin.kind === "tap";
  const details = { instance: where.instance, name: where.name, live: where.live, retry: where.live || tap };
  if (where.live) {
    const holds = tap ? "the Loupe instance holding its tap" : "where its playground conversation runs";
    const message = `This tool call waits on ${where.name}, ${holds}, not on this one, which could not hand it your answer. Answer again: an answer is sent to the instance the call waits on.`;
    return new AppError("conflict:approval_elsewhere", message, details);
  }
  const message = tap
    ? `This tool call waits on ${where.name}, which stopped answering (${takenOverWhen(where)}). The instance that takes its tap over takes this call with it: it is still pending, answer again in a moment.`
    : `This tool call waits on ${where.name}, which stopped answering. Its playground conversation ran there and no other instance takes it over: the call will not run. Start the conversation's turn again to ask for it anew.`;
  return new AppError("conflict:approval_elsewhere", message, details);
}
