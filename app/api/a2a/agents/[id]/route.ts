import { A2aAgentInput } from "@/lib/contracts/a2a";
import { getA2a } from "@/lib/server/a2a";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getA2a().get((await ctx.params).id)));
}

/** Header values equal to SECRET_MASK keep the stored secret; the card is fetched again. */
export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const input = await readBody(req, A2aAgentInput.partial());
    return Response.json(await getA2a().update(id, input));
  });
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getA2a().remove((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
