import { z } from "zod";

/**
 * Requests an MCP server sends to Loupe (server → client) that a human answers from the inbox:
 * sampling/createMessage and elicitation/create (form or url mode). roots/list is answered
 * automatically from the connection's roots and is not an inbox item.
 *
 * Lifecycle: "pending" while the server waits; "answered" once Loupe sent the reply (or the
 * rejection); "stale" when the server cannot receive an answer any more (it cancelled the
 * request, the session closed, the request timed out on its side). "failed" is shared with the
 * ADK inbox (an answer that could not be delivered); MCP requests never take it: the SDK sends
 * the reply after the handler returns and does not report a failed send back to it, and Loupe's
 * replies always pass the SDK's own result checks.
 */
export type McpRequestKind = "sampling" | "elicitation_form" | "elicitation_url";
export type McpRequestStatus = "pending" | "answered" | "stale" | "failed";
/**
 * Why a request went stale: Loupe stopped (or crashed) while it was pending, the tools/call it
 * belongs to ended (timed out, cancelled, failed, finished), the server cancelled it, or its
 * MCP session ended.
 */
export type McpStaleCause = "loupe_stopped" | "call_ended" | "server_cancelled" | "session_ended";

/**
 * Where an in-band input request (MRTR) stands: the server's key in `inputRequests` (also the
 * request's `jsonrpcId`, which the SDK hands the handler), which round of input of the logical
 * request it is (1 = asked in answer to the original request), the request that waits
 * (`tools/call`, `prompts/get` or `resources/read` and its tool / prompt name or resource URI),
 * the JSON-RPC id of that request's first leg, and the requestState the server sent with it.
 */
export interface McpRoundInfo {
  key: string;
  round: number;
  method: string;
  target: string;
  firstRequestId: string | number;
  requestState?: string;
}

export interface McpClientRequest {
  /** Loupe's id for the request (not the JSON-RPC id, which only the server's session scopes). */
  id: string;
  connectionId: string;
  connectionName: string;
  /** The MCP session (one per connect) the request belongs to. */
  sessionKey: string | null;
  kind: McpRequestKind;
  /** The JSON-RPC id the server gave the request. */
  jsonrpcId: string | number;
  /** `params` of the request exactly as the server sent them (CreateMessageRequest / ElicitRequest). */
  params: Record<string, unknown>;
  createdAt: number;
  status: McpRequestStatus;
  /** The tools/call that was running when the server asked (the call waits for this answer). */
  relatedCall?: { callId: string; tool: string };
  /**
   * Set when the request came in-band in an `input_required` result (2026-07-28 multi round-trip
   * request) instead of as a JSON-RPC request: the logical request that waits for it.
   */
  mrtr?: McpRoundInfo;
  /** What Loupe sent back (result or error), once answered. */
  answer?: { at: number; body: McpAnswerBody };
  /** Why the request became stale or failed, in words. */
  reason?: string;
  /** Set with status "stale": which kind of event ended it (older records have none). */
  staleCause?: McpStaleCause;
}

/** Sampling: the reply the user writes (what "the model" said) or a rejection. */
export const SamplingAnswer = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("accept"),
    /** The model name the user claims produced the reply. */
    model: z.string().trim().min(1).default("loupe-human"),
    text: z.string(),
    stopReason: z.string().trim().min(1).default("endTurn"),
  }),
  z.object({
    action: z.literal("reject"),
    message: z.string().trim().min(1).default("The user rejected the sampling request"),
  }),
]);
export type SamplingAnswer = z.infer<typeof SamplingAnswer>;

/**
 * Elicitation: accept (with content for form mode; schema defaults are applied server-side for
 * fields left out), decline, or cancel. URL mode accepts without content after the user confirmed.
 */
export const ElicitationAnswer = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("accept"),
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ action: z.literal("decline") }),
  z.object({ action: z.literal("cancel") }),
]);
export type ElicitationAnswer = z.infer<typeof ElicitationAnswer>;

export const McpAnswerBody = z.union([SamplingAnswer, ElicitationAnswer]);
export type McpAnswerBody = SamplingAnswer | ElicitationAnswer;
