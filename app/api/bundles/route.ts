import { getBundles } from "@/lib/server/bundles";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** ImportedBundleSummary[], the newest import first. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getBundles().list()));
}
