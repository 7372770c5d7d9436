import { handle } from "@/lib/server/http";
import { fetchEventTrace } from "@/lib/server/adk/trace";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; app: string; eventId: string }> };

/** `{attributes}` of the span that produced the event (secrets masked), or `{absent, reason}`. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, app, eventId } = await ctx.params;
    return Response.json(await fetchEventTrace(id, app, eventId));
  });
}
