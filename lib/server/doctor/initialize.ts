import "server-only";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { StepVerdict } from "@/lib/server/doctor/steps";
import { quote } from "@/lib/server/doctor/words";

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
  const m = message as { jsonrpc?: unknown; result?: { protocolVersion?: unknown; serverInfo?: { name?: string; version?: string } }; error?: { code?: unknown; message?: unknown } } | null;
  if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") {
    return { answered: false, ok: false, detail: `The answer is not a JSON-RPC message: ${quote(JSON.stringify(message) ?? String(message))}` };
  }
  if (m.error) {
    return { answered: false, ok: false, detail: `The server answered initialize with error ${String(m.error.code)}: ${String(m.error.message)}` };
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
