import { getBundles } from "@/lib/server/bundles";
import { handle, readQuery } from "@/lib/server/http";
import { bundlePageQuerySchema } from "./schema";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** BundlePage: the imported bundle's entries (and snapshot list items) from ?cursor=, ?limit= of each. */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { cursor, limit } = readQuery(req, bundlePageQuerySchema);
    return Response.json(getBundles().page((await ctx.params).id, cursor, limit));
  });
}
