import "server-only";
import type { Client } from "@modelcontextprotocol/client";
import type { ResourceUpdatedEntry } from "@/lib/contracts/resources";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";

/** Registers resource / prompt notification handlers (list_changed, resources/updated). */
export function installResourceHandlers(conn: ConnectionHandle, client: Client, gen: number): void {
  client.setNotificationHandler("notifications/resources/list_changed", () => {
    if (gen !== conn.generation) return;
    conn.setState({ resourcesVersion: (conn.state.resourcesVersion ?? 0) + 1 });
  });
  client.setNotificationHandler("notifications/prompts/list_changed", () => {
    if (gen !== conn.generation) return;
    conn.setState({ promptsVersion: (conn.state.promptsVersion ?? 0) + 1 });
  });
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    if (gen !== conn.generation) return;
    const uri = notification.params.uri;
    const raw: ResourceUpdatedEntry = { uri, at: Date.now(), subscribed: (conn.state.subscriptions ?? []).includes(uri) };
    conn.recordEntry("loupe", "local", "resource_updated", raw);
  });
}
