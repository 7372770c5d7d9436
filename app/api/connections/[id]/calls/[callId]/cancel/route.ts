import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { cancelCallBody } from "./schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; callId: string }> };

/** The call's own POST answers with status "cancelled" once the SDK has given up on it. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, callId } = await ctx.params;
    const { reason } = await readBody(req, cancelCallBody);
    getRegistry().cancelCall(id, callId, reason);
    return Response.json({ ok: true });
  });
}
