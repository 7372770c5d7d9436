import { getBundles } from "@/lib/server/bundles";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** ImportedBundle: the summary and the bundle with its first page of entries (the rest: ./entries?cursor=). */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getBundles().get((await ctx.params).id)));
}

export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getBundles().remove((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
