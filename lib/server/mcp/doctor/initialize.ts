import "server-only";
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/client";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { ProtocolEraSetting } from "@/lib/contracts/connections";
import type { StepVerdict } from "@/lib/server/mcp/doctor/steps";
import { quote } from "@/lib/server/mcp/doctor/words";

/** The initialize request the doctor sends itself, and the judgement of the answer (stdio and HTTP alike). */

export const INIT_ID = "loupe-doctor-1";

export function initializeRequest() {
  return {
    jsonrpc: "2.0" as const,
    id: INIT_ID,
    method: "initialize",
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "loupe-doctor", version: "0.1.0" },
    },
  };
}

export interface InitializeVerdict extends StepVerdict {
  /** The server answered initialize with a result (ok then says whether its version is supported). */
  answered: boolean;
}

/** Judges a JSON-RPC answer to initialize: error, garbage, or a protocol version Loupe supports or not. */
export function initializeAnswerStep(message: unknown): InitializeVerdict {
  const m = message as {
    jsonrpc?: unknown;
    result?: { protocolVersion?: unknown; serverInfo?: { name?: string; version?: string } };
    error?: { code?: unknown; message?: unknown };
  } | null;
  if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") {
    return {
      answered: false,
      ok: false,
      detail: `The answer is not a JSON-RPC message: ${quote(JSON.stringify(message) ?? String(message))}`,
    };
  }
  if (m.error) {
    return {
      answered: false,
      ok: false,
      detail: `The server answered initialize with error ${String(m.error.code)}: ${String(m.error.message)}`,
    };
  }
  const version = m.result?.protocolVersion;
  if (typeof version !== "string") {
    return { answered: false, ok: false, detail: "The answer to initialize has no protocolVersion" };
  }
  const server = m.result?.serverInfo?.name ? ` by ${m.result.serverInfo.name} ${m.result.serverInfo.version ?? ""}`.trimEnd() : "";
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return {
      answered: true,
      ok: false,
      detail: `The server answered protocol version ${version}${server}, which Loupe's MCP SDK does not support (it supports ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    };
  }
  const offered = version === LATEST_PROTOCOL_VERSION ? "as offered" : `Loupe offered ${LATEST_PROTOCOL_VERSION}`;
  return { answered: true, ok: true, detail: `Protocol version ${version} agreed${server} (${offered})` };
}

// ---------------------------------------------------------------------------------------------
// 2026-07-28: a connection pinned to that revision has no initialize; the doctor asks server/discover.
// ---------------------------------------------------------------------------------------------

const MODERN = "2026-07-28";

/** The `server/discover` probe with the per-request `_meta` envelope 2026-07-28 requires. */
export function discoverRequest() {
  return {
    jsonrpc: "2.0" as const,
    id: INIT_ID,
    method: "server/discover",
    params: {
      _meta: {
        [PROTOCOL_VERSION_META_KEY]: MODERN,
        [CLIENT_INFO_META_KEY]: { name: "loupe-doctor", version: "0.1.0" },
        [CLIENT_CAPABILITIES_META_KEY]: {},
      },
    },
  };
}

/** Judges the answer to server/discover: does the server offer 2026-07-28? */
export function discoverAnswerStep(message: unknown): InitializeVerdict {
  const m = message as {
    jsonrpc?: unknown;
    result?: { supportedVersions?: unknown };
    error?: { code?: unknown; message?: unknown };
  } | null;
  if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") {
    return {
      answered: false,
      ok: false,
      detail: `The answer is not a JSON-RPC message: ${quote(JSON.stringify(message) ?? String(message))}`,
    };
  }
  if (m.error) {
    return {
      answered: false,
      ok: false,
      detail: `The server answered server/discover with error ${String(m.error.code)}: ${String(m.error.message)} — it does not speak ${MODERN}; set the protocol era to auto or 2025-11-25`,
    };
  }
  const versions = Array.isArray(m.result?.supportedVersions) ? (m.result.supportedVersions as unknown[]).map(String) : [];
  if (!versions.includes(MODERN)) {
    return {
      answered: true,
      ok: false,
      detail: `server/discover offers ${versions.join(", ") || "no versions"}, not ${MODERN} (the connection is pinned to it)`,
    };
  }
  return { answered: true, ok: true, detail: `server/discover offers ${versions.join(", ")}: ${MODERN} is available` };
}

/** The handshake the doctor checks for a connection: server/discover when pinned to 2026-07-28, else initialize. */
export function handshakeFor(config: { protocolEra?: ProtocolEraSetting }): {
  method: "initialize" | "server/discover";
  request: ReturnType<typeof initializeRequest> | ReturnType<typeof discoverRequest>;
  judge: (message: unknown) => InitializeVerdict;
} {
  if (config.protocolEra === MODERN) return { method: "server/discover", request: discoverRequest(), judge: discoverAnswerStep };
  return { method: "initialize", request: initializeRequest(), judge: initializeAnswerStep };
}
