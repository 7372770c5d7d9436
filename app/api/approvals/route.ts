import { z } from "zod";
import { getApprovals } from "@/lib/server/approvals";
import { handle, readQuery } from "@/lib/server/http";

export const dynamic = "force-dynamic";

const Query = z.object({ status: z.enum(["pending", "answered", "stale"]).optional() });

/** Tool approvals (ToolApproval[]), this run's and earlier runs': pending first, then newest first. */
export function GET(req: Request): Promise<Response> {
  return handle(() => {
    const { status } = readQuery(req, Query);
    return Response.json(getApprovals().list({ status }));
  });
}
