import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Answers after the attempt; a failed attempt is a 200 whose state says error (a value, not an exception). */
export function POST(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(await getRegistry().connect(id));
  });
}
