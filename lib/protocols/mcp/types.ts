import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionState } from "@/lib/contracts/connections";

/** JSON-RPC ids; MCP forbids `null` on requests, but error responses may carry it. */
export type JsonRpcId = string | number;
export type ProgressToken = string | number;

/** The eight syslog levels MCP logging uses (spec: utilities/logging), least severe first. */
export const MCP_LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

export function isMcpLogLevel(value: unknown): value is McpLogLevel {
  return typeof value === "string" && (MCP_LOG_LEVELS as readonly string[]).includes(value);
}

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * What the UI renders for one entry (DESIGN.md "The timeline model"). A notification with a
 * richer meaning (progress, log) yields the `rpc_notification` item first and the specific one after.
 * `truncated` means the entry's raw was a preview: params/result may be missing or partial.
 */
export type TimelineItem =
  | { kind: "rpc_request"; id: JsonRpcId; method: string; params?: unknown; truncated?: boolean }
  | {
      kind: "rpc_response";
      id: JsonRpcId | null;
      /** True when the response carries `error` (also known for a truncated preview). */
      isError: boolean;
      result?: unknown;
      error?: RpcError;
      truncated?: boolean;
    }
  | { kind: "rpc_notification"; method: string; params?: unknown; truncated?: boolean }
  | {
      kind: "progress";
      progressToken: ProgressToken;
      progress: number;
      total?: number;
      message?: string;
    }
  | { kind: "log"; level: string; logger?: string; data: unknown }
  | { kind: "stderr"; line: string }
  | { kind: "error"; message: string }
  | { kind: "status"; state: ConnectionState }
  | { kind: "call"; call: CallRecord }
  | { kind: "connection_removed"; connectionId: string }
  /** One of Loupe's own records (mcp_request, task, session_reset…): a fact, never "unrecognized". */
  | { kind: "record"; recordKind: string; summary: string; raw: unknown }
  | { kind: "unrecognized"; reason: string; raw: unknown };

export type TimelineItemKind = TimelineItem["kind"];
export type ItemOf<K extends TimelineItemKind> = Extract<TimelineItem, { kind: K }>;
