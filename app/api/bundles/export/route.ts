import { bundleUnitRefSchema } from "@/lib/contracts/bundle";
import { attachment, bundleFileName } from "@/lib/bundle-file-name";
import { getBundles } from "@/lib/server/bundles";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** BundleUnitRef → the bundle file (secrets masked), offered as a download. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const ref = await readBody(req, bundleUnitRefSchema);
    const bundle = await getBundles().exportUnit(ref);
    return new Response(JSON.stringify(bundle), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": attachment(bundleFileName(bundle.title)),
      },
    });
  });
}
