import { attachment, bundleFileName } from "@/lib/bundle-file-name";
import { getBundles } from "@/lib/server/bundles";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The imported bundle's file as it was imported (Download): the page holds only the pages it read. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { text, summary } = getBundles().file((await ctx.params).id);
    return new Response(text, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": attachment(summary.fileName ?? bundleFileName(summary.title)),
      },
    });
  });
}
