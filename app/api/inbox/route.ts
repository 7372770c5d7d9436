import { handle } from "@/lib/server/http";
import { getInbox } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";

/**
 * The shared inbox (InboxRow[]): every human request of every protocol — ADK interrupts, MCP
 * sampling / elicitation requests, gated tool calls, A2A input/auth-required tasks and AG-UI
 * front-end tools / interrupts — pending first, then newest first (lib/server/inbox).
 */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getInbox().list()));
}
