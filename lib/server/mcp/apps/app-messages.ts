import "server-only";
import { APP_MESSAGE_KIND, type AppMessageRecord, type AppMessagesBody } from "@/lib/contracts/app-messages";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";

/** Records one batch of app↔host messages on the connection's timeline, in the order given. */
export function recordAppMessages(conn: ConnectionHandle, body: AppMessagesBody): { recorded: number } {
  for (const m of body.messages) {
    const raw: AppMessageRecord = {
      appSessionId: body.appSessionId,
      tool: body.tool,
      resourceUri: body.resourceUri,
      direction: m.direction,
      at: m.at,
      message: m.message,
    };
    conn.recordEntry("loupe", m.direction === "app_to_host" ? "in" : "out", APP_MESSAGE_KIND, raw);
  }
  return { recorded: body.messages.length };
}
