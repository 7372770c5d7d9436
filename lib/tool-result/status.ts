import type { CallStatus } from "@/lib/contracts/calls";

/** A Record so that a new CallStatus without a label fails to compile (STYLE.md rule 7). Tones: components/elements/tool-result/call-status.tsx. */
export const CALL_STATUS_META: Record<CallStatus, { label: string }> = {
  running: { label: "Running" },
  ok: { label: "OK" },
  tool_error: { label: "Tool error" },
  rpc_error: { label: "JSON-RPC error" },
  cancelled: { label: "Cancelled" },
  timeout: { label: "Timed out" },
  failed: { label: "Failed" },
  task: { label: "Ran as a task" },
};

/**
 * The label of any status a stored or streamed call carries: a value this build does not know
 * (a row written by another Loupe version) is shown as it is rather than breaking the view.
 */
export function callStatusMeta(status: string): { label: string } {
  return isCallStatus(status) ? CALL_STATUS_META[status] : { label: status || "Unknown" };
}

function isCallStatus(status: string): status is CallStatus {
  return Object.hasOwn(CALL_STATUS_META, status);
}

/** Names of the JSON-RPC 2.0 reserved codes and the ones MCP adds, for the error panel. */
const RPC_CODE_NAMES: Record<number, string> = {
  [-32700]: "Parse error",
  [-32600]: "Invalid request",
  [-32601]: "Method not found",
  [-32602]: "Invalid params",
  [-32603]: "Internal error",
  [-32000]: "Connection closed",
  [-32001]: "Request timeout",
  [-32002]: "Resource not found",
  [-32042]: "URL elicitation required",
};

export function rpcErrorName(code: number): string | undefined {
  return RPC_CODE_NAMES[code];
}

export interface RpcErrorInfo {
  code?: number;
  name?: string;
  data?: unknown;
  hasData: boolean;
}

/** Reads `{ code, data }` from an rpc_error's AppError details, tolerating any other shape. */
export function readRpcErrorDetails(details: unknown): RpcErrorInfo {
  if (typeof details !== "object" || details === null) return { hasData: false };
  const code = "code" in details && typeof details.code === "number" ? details.code : undefined;
  const data = "data" in details ? details.data : undefined;
  return {
    code,
    name: code === undefined ? undefined : rpcErrorName(code),
    data,
    hasData: data !== undefined,
  };
}
