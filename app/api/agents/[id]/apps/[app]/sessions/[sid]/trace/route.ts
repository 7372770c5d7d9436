import { handle } from "@/lib/server/http";
import { fetchSessionTrace } from "@/lib/server/adk/trace";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; sid: string }> };

/** `{spans}` the server kept for the session (raw snake_case, ns, secrets masked), or `{absent, reason}`. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, sid } = await ctx.params;
    return Response.json(await fetchSessionTrace(id, app, sid));
  });
}
