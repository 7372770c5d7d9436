import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { TaskStatusNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { McpConnection } from "@/lib/server/mcp-connection";
import { getTaskManager } from "@/lib/server/mcp-tasks/manager";

/**
 * Registers the notifications/tasks/status handler on a new client. Called from
 * McpConnection.open() with the connection's generation, so notifications of an old session are ignored.
 */
export function installTaskHandlers(conn: McpConnection, client: Client, gen: number): void {
  client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => {
    if (gen !== conn.generation) return;
    getTaskManager().onStatusNotification(conn, notification.params);
  });
}
