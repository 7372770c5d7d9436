import "server-only";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import type { ConnectionConfig, ConnectionEra } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { isRecord } from "@/lib/values";
import type { DiscoverProbe } from "@/lib/server/mcp/recording-transport";
import { bodyWords } from "@/lib/server/mcp/http-refusal";
import { MODERN_REVISION, REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";
import type { RemovedInModern } from "@/lib/protocols/mcp/eras";

export { MODERN_REVISION, REMOVED_IN_MODERN } from "@/lib/protocols/mcp/eras";

/** Why a second connect skipped the probe: the stdio child exited on it, or an HTTP server never answered it. */
export type LegacyRetry = "stdio_exit" | "http_no_answer" | "http_server_error" | null;

/** Why the legacy handshake was used after an `auto` probe, from what the server did with it. */
function probeWords(probe: DiscoverProbe | null, retry: LegacyRetry): string {
  if (retry === "stdio_exit") {
    return "the server process exited on server/discover (it only knows the initialize handshake); Loupe started it again and used initialize";
  }
  if (retry === "http_no_answer") {
    return "server/discover got no answer in time (a 2025-11-25 server may leave an unknown method unanswered), so Loupe opened a new HTTP session with the initialize handshake";
  }
  if (retry === "http_server_error") {
    return "server/discover failed on the server (HTTP 5xx: a 2025-11-25 server may crash on a method it does not know), so Loupe opened a new HTTP session with the initialize handshake";
  }
  if (!probe || probe.state === "sent") return "server/discover got no answer in time, so Loupe used the initialize handshake";
  if (probe.state === "error") {
    return `server/discover was refused (JSON-RPC ${probe.code}: ${probe.message}), so Loupe used the initialize handshake`;
  }
  if (probe.state === "transport_error") {
    return `server/discover was refused at the HTTP level (${httpRefusal(probe)}), so Loupe used the initialize handshake`;
  }
  return "server/discover did not offer 2026-07-28, so Loupe used the initialize handshake";
}

/** "HTTP 404: Not Found" — the status, and the body as words (an HTML error page by its title, cut short). */
function httpRefusal(probe: { message: string; status?: number }): string {
  const words = bodyWords(probe.message.replace(/^Error POSTing to endpoint(?: \(HTTP \d+\))?:\s*/i, ""));
  if (probe.status === undefined) return words || probe.message;
  return words ? `HTTP ${probe.status}: ${words}` : `HTTP ${probe.status}`;
}

/** What the connection state says about the era of a freshly connected client. */
export function describeEra(config: ConnectionConfig, client: Client, probe: DiscoverProbe | null, retry: LegacyRetry): ConnectionEra {
  const version = client.getNegotiatedProtocolVersion() ?? "unknown";
  const setting = config.protocolEra ?? "auto";
  if (client.getProtocolEra() === "modern") {
    const discover = client.getDiscoverResult();
    const offered = discover?.supportedVersions;
    const list = Array.isArray(offered) ? ` (it offers ${offered.join(", ")})` : "";
    const why =
      setting === "auto"
        ? `server/discover answered${list}: Loupe speaks ${version}, stateless, without the initialize handshake`
        : `Pinned to ${setting} in the connection settings; server/discover answered${list}`;
    return { version, mode: "modern", why, discover };
  }
  const why =
    setting === "2025-11-25"
      ? "Pinned to 2025-11-25 in the connection settings: initialize handshake, no server/discover probe"
      : `${probeWords(probe, retry)}; the server chose ${version}`;
  return { version, mode: "legacy", why };
}

/**
 * A stdio child that exits (or closes its pipe) on the unknown `server/discover` is a legacy server
 * built on an SDK that ends on any request before initialize. The SDK can only tell that on its
 * own stdio transport; Loupe's observed transport probes in place, so Loupe restarts the child.
 */
export function isStdioProbeClose(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    /connection closed during the server\/discover probe/i.test(error.message) &&
    !/pinned/i.test(error.message)
  );
}

/**
 * The SDK fails an HTTP connect whose server/discover probe got no answer (only stdio falls back).
 * A 2025-11-25 server that leaves an unknown method unanswered is still a server the user wants to
 * reach, so an `auto` connection retries with the initialize handshake instead.
 */
export function isHttpProbeTimeout(error: unknown, config: ConnectionConfig): boolean {
  return (
    (config.protocolEra ?? "auto") === "auto" &&
    error instanceof SdkError &&
    error.code === SdkErrorCode.RequestTimeout &&
    /version negotiation probe timed out/i.test(error.message)
  );
}

/**
 * The SDK also fails an HTTP connect whose probe got a 5xx. Some 2025-11-25 servers crash on a
 * method they do not know (HTTP 500) yet answer initialize: an `auto` connection tries that too
 * (a server that is down answers initialize with the same 5xx, and that is the error shown).
 */
export function isHttpProbeServerError(error: unknown, config: ConnectionConfig): boolean {
  const status = isRecord(error) ? error.status : undefined;
  return (
    (config.protocolEra ?? "auto") === "auto" &&
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    typeof status === "number" &&
    status >= 500
  );
}

/**
 * The SDK wraps a probe that could not reach the server (or was refused at the HTTP level) in an
 * era-negotiation error; the cause is what the user needs (connection refused, HTTP 401 …) and what
 * says which connect step failed.
 */
export function unwrapProbeError(error: unknown): unknown {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return error;
  return error.cause instanceof Error ? error.cause : error;
}

/** Words for a pinned 2026-07-28 connect the server cannot honour (no fallback, on purpose). */
export function pinFailureMessage(error: unknown, config: { protocolEra?: string }): string | null {
  // Only a pinned connection: an `auto` one that failed the probe (e.g. HTTP 5xx) is not "pinned".
  if (config.protocolEra !== MODERN_REVISION) return null;
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return null;
  // A probe that never reached the server is an outage, not a verdict on the era.
  if (error.cause instanceof Error) return null;
  return `The connection is pinned to ${MODERN_REVISION}, but the server does not speak it: ${error.message}. Set the protocol era to "auto" or "2025-11-25" to use the initialize handshake.`;
}

/** Whether the connected session speaks 2026-07-28 (where REMOVED_IN_MODERN applies). */
export function isModern(era: ConnectionEra | undefined): boolean {
  return era?.mode === "modern";
}

/** A 409 that says the revision removed it, instead of the SDK's "not supported by the negotiated protocol version". */
export function refuseRemovedInModern(conn: { state: { era?: ConnectionEra }; config: { name: string } }, what: RemovedInModern): void {
  if (!isModern(conn.state.era)) return;
  throw new AppError("conflict:removed_in_era", `"${conn.config.name}" speaks MCP ${conn.state.era!.version}: ${REMOVED_IN_MODERN[what]}`, {
    era: conn.state.era!.version,
    removed: what,
  });
}
