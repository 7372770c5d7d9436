import { AguiRunBody } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Starts a run; its events arrive as entries (protocol "agui", sessionKey = the thread). */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, AguiRunBody);
    return Response.json(getAgui().startRun(id, body), { status: 202 });
  });
}
