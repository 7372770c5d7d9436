import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Every AG-UI human request, pending first (the inbox merges these with the other sources). */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getAgui().listRequests()));
}
