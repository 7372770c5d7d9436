import "server-only";
import { randomUUID } from "node:crypto";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { getClientRequests } from "@/lib/server/mcp/requests";
import { restoreSubscriptions } from "@/lib/server/mcp/resources";
import type { RecordingHooks } from "@/lib/server/mcp/recording-transport";
import { errorMessage } from "@/lib/values";

/**
 * What a Streamable HTTP session `gen` of `conn` does when the server forgot it (a restart) and the
 * recording transport started a new one, or failed to. `forgetTools` drops the connection's cached
 * tool listing (kept private to the connection). Events of an older session are ignored.
 */
export function sessionResetHooks(
  conn: ConnectionHandle,
  gen: number,
  forgetTools: () => void,
): Pick<RecordingHooks, "onSessionReset" | "onSessionResetFailed"> {
  return {
    onSessionReset: (info) => {
      if (gen !== conn.generation) return;
      conn.recordEntry("loupe", "local", "session_reset", {
        reason: info.reason,
        retried: info.retried,
        failed: info.failed,
      });
      // A new session: what the old one asked is void, its tasks are of an earlier session,
      // and the server may register other tools (server-everything does so per session).
      getClientRequests().sessionLost(conn, `the server restarted and forgot the session (${info.reason})`);
      conn.sessionKey = randomUUID();
      forgetTools();
      const subscribed = conn.state.subscriptions ?? [];
      const server = info.result.serverInfo;
      conn.setState({
        serverInfo: { name: server.name, version: server.version, title: server.title },
        protocolVersion: info.result.protocolVersion,
        capabilities: info.result.capabilities,
        instructions: info.result.instructions,
        toolsVersion: conn.state.toolsVersion + 1,
        // Subscriptions belonged to the old session; they are made again on the new one.
        ...(subscribed.length ? { subscriptions: [] } : {}),
      });
      if (subscribed.length) void restoreSubscriptions(conn, subscribed, "session_reset");
    },
    onSessionResetFailed: (reason, error) => {
      if (gen !== conn.generation) return;
      conn.recordEntry("loupe", "local", "session_reset", { reason, error: errorMessage(error) });
      conn.markLost(`The server forgot the session and a new one could not be started: ${errorMessage(error)}`);
    },
  };
}
