import { z } from "zod";
import { A2aAnswerBody, type A2aHumanRequest } from "@/lib/contracts/a2a";
import { appErrorBody, describes } from "@/lib/contracts/entry-kinds/shape";

/**
 * Entry kinds of protocol "a2a" (connectionId = the agent id, sessionKey = the contextId when
 * known); lib/contracts/a2a.ts says what each means. Frames of the agent stay loose: a frame that
 * does not fit is still recorded and shown raw. (Owned by the A2A server side, which tightens these.)
 */
export const a2aEntryKinds = {
  /** Direction out: what Loupe sent. */
  a2a_request: z.object({
    exchangeId: z.string(),
    transport: z.string(),
    method: z.string(),
    url: z.string(),
    /** The request headers, every value masked. */
    headers: z.record(z.string(), z.string()).optional(),
    /** The body sent (a credential in it masked). */
    body: z.unknown(),
  }),
  /** Direction in: one JSON-RPC response / REST body / SSE event, payload as received. */
  a2a_frame: z.object({
    exchangeId: z.string(),
    transport: z.string(),
    method: z.string(),
    taskId: z.string().optional(),
    contextId: z.string().optional(),
    /** What the frame is (lib/protocols/a2a/frames.ts A2aItem type): task, status, artifact, message, push-config, error. */
    kind: z.string(),
    /** The wire version the frame is written in. */
    version: z.enum(["0.3", "1.0"]).optional(),
    /** HTTP status of a whole-body response (absent for SSE events). */
    status: z.number().optional(),
    /** The SSE event name when not the default (e.g. "error"). */
    sseEvent: z.string().optional(),
    payload: z.unknown(),
  }),
  /** Direction in: a frame that did not parse or fit. */
  a2a_malformed: z.object({
    exchangeId: z.string(),
    transport: z.string().optional(),
    method: z.string().optional(),
    status: z.number().optional(),
    sseEvent: z.string().optional(),
    text: z.string().optional(),
    error: z.string(),
  }),
  a2a_stream: z.object({
    exchangeId: z.string(),
    taskId: z.string().optional(),
    event: z.enum(["open", "closed", "dropped", "resubscribed"]),
    method: z.string().optional(),
    error: z.string().optional(),
  }),
  /** Direction in: a webhook POST (headers masked). */
  a2a_push: z.object({
    pushId: z.string(),
    taskId: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
    /** What Loupe read from the body (frames.ts A2aItem type), or why it could not. */
    kind: z.string().optional(),
    error: z.string().optional(),
  }),
  /** Direction in: the agent card fetched. */
  a2a_card: z.object({
    url: z.string(),
    status: z.number(),
    card: z.unknown(),
    error: z.string().optional(),
    tried: z.array(z.string()).optional(),
  }),
  /** An A2aHumanRequest, whole, on every change (prompt, schema and message are optional: a preview may drop them). */
  a2a_request_state: describes<A2aHumanRequest>()(
    z.object({
      id: z.string(),
      agentId: z.string(),
      agentName: z.string(),
      taskId: z.string(),
      contextId: z.string(),
      kind: z.enum(["input", "auth"]),
      prompt: z.string().optional(),
      schema: z.unknown().optional(),
      message: z.unknown().optional(),
      createdAt: z.number(),
      status: z.enum(["pending", "answered", "failed", "stale"]),
      answeredAt: z.number().optional(),
      answer: A2aAnswerBody.optional(),
      reason: z.string().optional(),
      error: appErrorBody.optional(),
    }),
  ),
} as const;
