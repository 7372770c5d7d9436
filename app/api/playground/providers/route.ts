import { handle } from "@/lib/server/http";
import { listProviderStatus } from "@/lib/server/playground/providers/keys";

export const dynamic = "force-dynamic";

/** Where each provider's key comes from and its last four characters; never the key. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(listProviderStatus()));
}
