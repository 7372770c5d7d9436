import "server-only";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * The SDK v2 client rejects with a ProtocolError (a JSON-RPC error from the server) or an
 * SdkError (raised locally: timeout, closed connection, …). Loupe words errors by JSON-RPC code,
 * as it did with the v1 client's McpError; this maps both to that one shape so each place that
 * explains an error keeps a single rule. Anything else (a fetch TypeError, an AppError) is kept.
 */
export function toMcpError(error: unknown): unknown {
  if (error instanceof McpError) return error;
  if (error instanceof ProtocolError) return new McpError(error.code, error.message, error.data);
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return new McpError(ErrorCode.RequestTimeout, error.message, error.data);
    if (error.code === SdkErrorCode.ConnectionClosed) return new McpError(ErrorCode.ConnectionClosed, error.message, error.data);
  }
  return error;
}
