import { getAgents } from "@/lib/server/adk/agents";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Every interrupt Loupe knows (all servers and sessions): pending, failed, answered, stale. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getAgents().listInbox()));
}
