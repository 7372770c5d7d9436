import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import { TaskStatusNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { getTaskManager } from "@/lib/server/mcp/tasks/manager";
import { ExtensionTask } from "@/lib/server/mcp/tasks/extension";

/**
 * Registers the notifications/tasks/status handler on a new client. Called from
 * McpConnection.open() with the connection's generation, so notifications of an old session are ignored.
 */
export function installTaskHandlers(conn: ConnectionHandle, client: Client, gen: number): void {
  // Not among the SDK v2's typed notifications (2025-11-25 tasks): registered with the v1 params schema.
  client.setNotificationHandler("notifications/tasks/status", { params: TaskStatusNotificationSchema.shape.params }, (params) => {
    if (gen !== conn.generation) return;
    getTaskManager().onStatusNotification(conn, params);
  });
  // The Tasks extension (SEP-2663) pushes the detailed task on notifications/tasks.
  client.setNotificationHandler("notifications/tasks", { params: ExtensionTask }, (params) => {
    if (gen !== conn.generation) return;
    getTaskManager().onExtensionNotification(conn, params);
  });
}
