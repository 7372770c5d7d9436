import { A2aSendBody } from "@/lib/contracts/a2a";
import { getA2a } from "@/lib/server/a2a";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** message/stream or message/send: 202 once the agent's first frame arrived; the rest follow as entries. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, A2aSendBody);
    return Response.json(await getA2a().send(id, body), { status: 202 });
  });
}
