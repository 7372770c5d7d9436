import { handle } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

/** Every interrupt Loupe knows of, pending first; looks for new ones on each deployment first (throttled). */
export function GET(): Promise<Response> {
  return handle(async () => Response.json(await getLangGraph().refreshRequests()));
}
