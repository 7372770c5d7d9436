import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Every A2A human request, pending first (the inbox reads them through getA2a().listRequests()). */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getA2a().listRequests()));
}
