import { z } from "zod";

/**
 * Tool-call approval gates (issue 10). A `tools/call` that a model in the playground or a client
 * of a tap wants to make may have to wait for the user: it becomes a ToolApproval, listed in the
 * shared inbox (source "approval") and inline where it was asked, with its arguments editable.
 *
 * Lifecycle: "pending" while the caller waits; "answered" once the user approved (the call was
 * then sent with `decision.arguments`) or rejected (the caller got `decision.reason` back in
 * words, as an `isError` tool result); "stale" when the caller stopped waiting first (the
 * playground turn was stopped, the tap's client disconnected, Loupe restarted).
 */

/** When a gated caller must ask: every call, every call to a tool not annotated read-only, never. */
export const ApprovalPolicy = z.enum(["always", "unless_read_only", "never"]);
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

/** Per-tool overrides of a policy, keyed `<connectionId>/<tool name>` (the upstream name). */
export const ToolPolicies = z.record(z.string().min(1).max(1000), ApprovalPolicy);
export type ToolPolicies = z.infer<typeof ToolPolicies>;

/** Who wants to make the call. */
export type ApprovalOrigin =
  | {
      kind: "playground";
      conversationId: string;
      title: string;
      columnId?: string;
      /** Which column asked, in words ("column 2 · openai gpt-4o"), when the conversation has several. */
      columnLabel?: string;
      /** The model's id for the call: two identical calls in one step are told apart by it. */
      toolCallId?: string;
    }
  | { kind: "tap"; tapId: string; client?: { name: string; version?: string } };

export type ApprovalStatus = "pending" | "answered" | "stale";

export type ApprovalDecision =
  { action: "approve"; arguments: Record<string, unknown>; edited: boolean; at: number } | { action: "reject"; reason: string; at: number };

export interface ToolApproval {
  /** Loupe's id for the approval. */
  id: string;
  connectionId: string;
  connectionName: string;
  /** The tool's name on its server. */
  tool: string;
  /** The name the caller used, when it differs (namespaced `server__tool` in a playground or aggregate tap). */
  calledAs?: string;
  /** The arguments as the caller sent them. */
  arguments: Record<string, unknown>;
  /** The tool's annotations as listed (readOnlyHint, destructiveHint, …), for the card. */
  annotations?: Record<string, unknown>;
  /** The tool's inputSchema, so the card can offer the schema form for editing. */
  inputSchema?: unknown;
  /**
   * Set (false) when the tool was not in the connection's tool listing (or the listing could not
   * be read): the gate then treats it as not read-only, and the card says why, in `notListed`.
   */
  listed?: boolean;
  notListed?: string;
  origin: ApprovalOrigin;
  /** Why it was gated: the policy that applied and where it came from. */
  policy: { value: ApprovalPolicy; from: "tool" | "default" };
  createdAt: number;
  status: ApprovalStatus;
  decision?: ApprovalDecision;
  /** Why it went stale, in words. */
  reason?: string;
  /**
   * Set when the instance whose caller waited stopped and another took the approval over (issue 25):
   * what became of the caller's request and what answering does now, in words.
   */
  takenOver?: string;
  /** With several instances on one database (issue 25): the instance whose gate waits for it while pending. */
  instance?: string;
}

/** POST /api/approvals/:id — approve (with the arguments to send, edited or not) or reject. */
export const ApprovalAnswer = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("approve"),
    /** Absent: the caller's arguments unchanged. */
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    action: z.literal("reject"),
    reason: z.string().trim().max(4000).optional(),
  }),
]);
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

/**
 * Whether two argument objects are the same JSON whatever their key order: an approval is
 * "edited" only when the arguments sent differ from the caller's (shared by the desk and the card).
 */
export function sameArguments(a: unknown, b: unknown): boolean {
  const sorted = (_key: string, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

/** The reason a rejected call's caller receives when the user gave none. */
export const DEFAULT_REJECT_REASON = "The user rejected this tool call.";
