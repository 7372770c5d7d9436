import { z } from "zod";
import type { AgentServerView, RunRecord } from "@/lib/contracts/agents";
import { ApprovalPolicy } from "@/lib/contracts/approvals";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { AuthEvent, AuthPhase } from "@/lib/contracts/auth";
import { McpAnswerBody } from "@/lib/contracts/mcp-requests";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import type { HttpExchange } from "@/lib/contracts/network";
import type { ResourceUpdatedEntry } from "@/lib/contracts/resources";
import type { TapExchange } from "@/lib/contracts/taps";
import { TaskStatus } from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";
import { appErrorBody, describes, jsonObject } from "@/lib/contracts/entry-kinds/shape";

/*
 * Whole schemas of Loupe's own records (protocol "loupe"), each proven to be exactly its contract
 * type. Every required field is small (ids, states, times), so the preview of an oversized record
 * (lib/server/preview.ts: top-level fields up to 1 KB kept) still parses: only an optional field
 * can be the large one it drops. The contract types have only grown optional fields since these
 * kinds were first recorded, so entries of earlier versions (stores, bundles) parse too.
 */

const count = z.number();
const optionalString = z.string().optional();

export const runRecord = describes<RunRecord>()(
  z.object({
    id: z.string(),
    agentId: z.string(),
    sessionKey: z.string(),
    status: z.enum(["running", "completed", "aborted", "failed"]),
    startedAt: z.number(),
    endedAt: z.number().nullable(),
    answersInterruptId: optionalString,
    error: appErrorBody.optional(),
    eventCount: count,
  }),
);

/** Written without the input schema's defaults and URL check: the view is read as recorded. */
export const agentServerView = describes<AgentServerView>()(
  z.object({
    name: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    userId: z.string(),
    id: z.string(),
    createdAt: z.number(),
    builtin: z.boolean().optional(),
    state: z.object({
      status: z.enum(["unknown", "starting", "ok", "error"]),
      error: optionalString,
      apps: z.array(z.string()),
      version: optionalString,
      checkedAt: z.number().optional(),
    }),
    heldBy: z.object({ instance: z.string(), address: z.string(), here: z.boolean() }).optional(),
  }),
);

/**
 * The server writes a whole ResourceUpdatedEntry; the reader takes `at` and `subscribed` as
 * optional (it falls back to the entry's receivedAt and to "subscribed"), so the payload type is
 * what this schema checks, and the contract type is assignable to it.
 */
export const resourceUpdated = z.object({ uri: z.string(), at: z.number().optional(), subscribed: z.boolean().optional() });
const writtenFits: ResourceUpdatedEntry extends z.infer<typeof resourceUpdated> ? true : false = true;
void writtenFits;

export const authPhase = describes<AuthPhase>()(
  z.enum(["prm-discovery", "as-discovery", "registration", "authorization", "token", "refresh", "resource", "other"]),
);

export const authEvent = describes<AuthEvent>()(
  z.object({
    phase: authPhase,
    event: z.enum(["authorization_needed", "callback", "tokens_saved", "tokens_cleared", "step_up", "error"]),
    ok: z.boolean(),
    message: z.string(),
    url: optionalString,
    scope: optionalString,
  }),
);

const jsonRpcId = z.union([z.string(), z.number()]);
const clientInfo = z.object({ name: z.string(), version: optionalString });

export const tapExchange = describes<TapExchange>()(
  z.object({
    tapId: z.string(),
    era: z.enum(["legacy", "modern"]),
    method: z.string(),
    name: optionalString,
    downstreamId: jsonRpcId,
    client: clientInfo.optional(),
    startedAt: z.number(),
    totalMs: z.number(),
    upstreamMs: z.number().optional(),
    callId: optionalString,
    approvalId: optionalString,
    outcome: z.enum(["ok", "error"]),
    error: optionalString,
    inputRequired: z.array(z.string()).optional(),
    resumed: z.boolean().optional(),
  }),
);

/** A result over 64 KB is left out of the stream's record (`resultOmitted`); `result` is optional anyway. */
export const taskRecord = describes<TaskRecord>()(
  z.object({
    taskId: z.string(),
    flavour: z.enum(["2025-11-25", "extension"]).optional(),
    inputKeys: z.array(z.string()).optional(),
    connectionId: z.string(),
    sessionKey: z.string().nullable(),
    origin: z.enum(["loupe", "server"]),
    tool: z.string().nullable(),
    args: jsonObject.optional(),
    status: TaskStatus,
    statusMessage: optionalString,
    createdAt: z.number(),
    lastUpdatedAt: z.number(),
    ttl: z.number().nullable(),
    pollInterval: z.number().optional(),
    checkedAt: z.number(),
    result: z.unknown().optional(),
    resultFetchedAt: z.number().optional(),
    awaitingResult: z.boolean().optional(),
    error: appErrorBody.extend({ method: optionalString }).optional(),
    resultOmitted: z.boolean().optional(),
  }),
);

const headers = z.record(z.string(), z.string());

/** Bodies are not kept (lib/contracts/network.ts); headers and at most MAX_CARRIED messages are. */
export const httpExchange = describes<HttpExchange>()(
  z.object({
    id: z.string(),
    state: z.enum(["open", "done", "aborted", "error"]),
    method: z.string(),
    url: z.string(),
    status: z.number(),
    requestHeaders: headers,
    responseHeaders: headers,
    startedAt: z.number(),
    headersMs: z.number().optional(),
    durationMs: z.number().optional(),
    requestBytes: z.number(),
    responseBytes: z.number(),
    stream: z.object({ events: z.number(), lastEventId: optionalString }).optional(),
    messages: z.array(
      z.object({
        dir: z.enum(["out", "in"]),
        id: jsonRpcId.optional(),
        method: optionalString,
        name: optionalString,
        response: z.boolean().optional(),
      }),
    ),
    messagesOmitted: z.number().optional(),
    responsePreview: optionalString,
    error: optionalString,
  }),
);

const approvalOrigin = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("playground"),
    conversationId: z.string(),
    title: z.string(),
    columnId: optionalString,
    columnLabel: optionalString,
    toolCallId: optionalString,
  }),
  z.object({ kind: z.literal("tap"), tapId: z.string(), client: clientInfo.optional() }),
]);

const approvalDecision = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve"), arguments: jsonObject, edited: z.boolean(), at: z.number() }),
  z.object({ action: z.literal("reject"), reason: z.string(), at: z.number() }),
]);

/** `arguments` is required, as it was when only spot-checked: a preview that dropped it is shown raw. */
export const toolApproval = describes<ToolApproval>()(
  z.object({
    id: z.string(),
    connectionId: z.string(),
    connectionName: z.string(),
    tool: z.string(),
    calledAs: optionalString,
    arguments: jsonObject,
    annotations: jsonObject.optional(),
    inputSchema: z.unknown().optional(),
    listed: z.boolean().optional(),
    notListed: optionalString,
    origin: approvalOrigin,
    policy: z.object({ value: ApprovalPolicy, from: z.enum(["tool", "default"]) }),
    createdAt: z.number(),
    status: z.enum(["pending", "answered", "stale"]),
    decision: approvalDecision.optional(),
    reason: optionalString,
    takenOver: optionalString,
    instance: optionalString,
  }),
);

/**
 * `params` stays the server's own object, unread here (it is required, as it was when only
 * spot-checked: a preview that dropped large params is shown raw).
 */
export const mcpClientRequest = describes<McpClientRequest>()(
  z.object({
    id: z.string(),
    connectionId: z.string(),
    connectionName: z.string(),
    sessionKey: z.string().nullable(),
    kind: z.enum(["sampling", "elicitation_form", "elicitation_url"]),
    jsonrpcId: jsonRpcId,
    params: jsonObject,
    createdAt: z.number(),
    status: z.enum(["pending", "answered", "stale", "failed"]),
    relatedCall: z.object({ callId: z.string(), tool: z.string() }).optional(),
    mrtr: z
      .object({
        key: z.string(),
        round: z.number(),
        method: z.string(),
        target: z.string(),
        firstRequestId: jsonRpcId,
        requestState: optionalString,
      })
      .optional(),
    answer: z.object({ at: z.number(), body: McpAnswerBody }).optional(),
    reason: optionalString,
    staleCause: z.enum(["loupe_stopped", "call_ended", "server_cancelled", "session_ended"]).optional(),
  }),
);
