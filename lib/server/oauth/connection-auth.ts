import "server-only";
import type { McpConnection } from "@/lib/server/mcp-connection";
import type { RemoteAuth } from "@/lib/server/transports";

/** The OAuth provider and recording fetch for a remote connection's transport. */
export function remoteTransportAuth(_conn: McpConnection): RemoteAuth {
  return {};
}
