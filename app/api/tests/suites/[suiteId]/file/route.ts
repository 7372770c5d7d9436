import { SUITE_FILE_SUFFIX } from "@/lib/contracts/testing";
import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";

export const dynamic = "force-dynamic";

/** The suite as a suite file (`*.loupe-suite.json`) to keep in a repository and run with `loupe-inspector test`. */
export function GET(_req: Request, ctx: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return handle(async () => {
    const file = getTesting().exportSuite((await ctx.params).suiteId);
    const name = file.name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "suite";
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${name}${SUITE_FILE_SUFFIX}"` },
    });
  });
}
