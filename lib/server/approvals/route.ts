import "server-only";
import { getApprovals } from "@/lib/server/approvals/desk";

/** An answer to one approval (POST /api/approvals/<id>). */
const ANSWER = /^\/api\/approvals\/([^/]+)$/;

/**
 * The instance an answer to an approval must reach (issue 25): the one whose gate waits for it, as
 * the approval records it while pending (a playground's call waits where its conversation runs; a
 * tap's where its tap is held, which the tap's lease routes first). The cluster forwards the answer
 * there while that instance is alive (lib/server/cluster/service.ts); else the route here answers in
 * words (lib/server/approvals/elsewhere.ts).
 */
export function approvalWaitsOn(method: string, pathname: string): string | undefined {
  const id = method === "POST" ? ANSWER.exec(pathname)?.[1] : undefined;
  if (!id) return undefined;
  try {
    const approval = getApprovals().get(decodeURIComponent(id));
    return approval.status === "pending" ? approval.instance : undefined;
  } catch {
    return undefined; // unknown (or a bad escape): the route here answers it in words
  }
}
