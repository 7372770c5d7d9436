import { z } from "zod";
import { HttpHeaders } from "@/lib/contracts/wire-strings";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";
import type { AppErrorBody } from "@/lib/errors";

/**
 * A2A agents (issue 11). Loupe talks to an A2A agent with the official JS SDK (`@a2a-js/sdk`),
 * over the transports its agent card offers, and records every frame.
 *
 * Both wire versions exist in the wild: v0.3 (JSON-RPC `message/send`, `message/stream`,
 * `tasks/get`, `tasks/cancel`, `tasks/resubscribe`, states like "input-required"; ADK JS serves
 * this one) and v1.0 (`SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`,
 * `SubscribeToTask`, states like "TASK_STATE_INPUT_REQUIRED"). Loupe normalizes both to the
 * v0.3-style names below (A2aTaskState) and keeps every frame raw.
 *
 * Routes (all under the Loupe token, except the push webhook):
 *   GET    /api/a2a/agents                              A2aAgentView[]
 *   POST   /api/a2a/agents                (A2aAgentInput) → A2aAgentView (fetches the card)
 *   GET    /api/a2a/agents/:id                          A2aAgentView
 *   PATCH  /api/a2a/agents/:id            (partial A2aAgentInput) → A2aAgentView
 *   DELETE /api/a2a/agents/:id
 *   POST   /api/a2a/agents/:id/card                     re-fetch the card → A2aAgentView
 *   POST   /api/a2a/agents/:id/messages   (A2aSendBody) → 202 { exchangeId } (frames arrive as entries)
 *   GET    /api/a2a/agents/:id/tasks                    A2aTaskSummary[] (grouped by contextId in the UI)
 *   GET    /api/a2a/agents/:id/tasks/:taskId            A2aTaskDetail (Loupe's record + entries' seqs)
 *   POST   /api/a2a/agents/:id/tasks/:taskId/refresh    tasks/get now → A2aTaskDetail
 *   POST   /api/a2a/agents/:id/tasks/:taskId/cancel     tasks/cancel → A2aTaskDetail
 *   POST   /api/a2a/agents/:id/tasks/:taskId/resubscribe  reopen the stream after a drop → 202
 *   POST   /api/a2a/agents/:id/tasks/:taskId/push       register Loupe's webhook → A2aPushRegistration
 *   POST   /a2a-push/:pushId                            THE WEBHOOK: no Loupe token; the agent must
 *                                                       send the per-task token Loupe registered
 *                                                       (X-A2A-Notification-Token); 401 otherwise.
 *   POST   /api/a2a/requests/:requestId   (A2aAnswerBody) → A2aHumanRequest (continues the task)
 *
 * Entries: protocol "a2a", connectionId = the agent id, sessionKey = the contextId when known
 * (null before the agent named one). Kinds (A2A_ENTRY_KINDS): see below.
 */

export const A2aTransport = z.enum(["JSONRPC", "HTTP+JSON", "GRPC"]);
export type A2aTransport = z.infer<typeof A2aTransport>;

export const A2aAgentInput = z.object({
  name: z.string().trim().min(1).max(200),
  /** The agent card URL, or the agent's base URL (Loupe then reads /.well-known/agent-card.json). */
  url: z.url(),
  /** Sent on every request (auth headers); masked in every response. */
  headers: HttpHeaders,
  /** Which of the card's transports to use; absent = the card's preferred one. */
  transport: A2aTransport.optional(),
});
export type A2aAgentInput = z.infer<typeof A2aAgentInput>;

export type A2aProtocolVersion = "0.3" | "1.0";

/** One finding of the agent card validation (what a2a-inspector reports, and more). */
export interface A2aCardFinding {
  severity: "error" | "warning" | "info";
  /** JSON pointer into the card ("" = the card itself). */
  path: string;
  message: string;
}

export interface A2aAgentState {
  status: "unknown" | "starting" | "ok" | "error";
  error?: string;
  /** The card as fetched, raw. */
  card?: unknown;
  cardUrl?: string;
  cardFetchedAt?: number;
  /** Which wire version the card declares (protocolVersion / supportedInterfaces). */
  protocolVersion?: A2aProtocolVersion;
  findings?: A2aCardFinding[];
  /** The transports the card offers that Loupe can use here, and the one in use. */
  transports?: A2aTransport[];
  transport?: A2aTransport;
}

export type A2aAgentView = A2aAgentInput & {
  id: string;
  createdAt: number;
  /** A demo agent Loupe starts itself (npm start). */
  builtin?: boolean;
  state: A2aAgentState;
};

/** A part the user sends: text, a file (base64) or structured data. */
export const A2aPartInput = z.union([
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("file"), name: z.string().optional(), mimeType: z.string().min(1), bytes: z.string() }),
  /** `metadata` is the part's own (ADK reads `adk_type` there). */
  z.object({ kind: z.literal("data"), data: z.record(z.string(), z.unknown()), metadata: z.record(z.string(), z.unknown()).optional() }),
]);
export type A2aPartInput = z.infer<typeof A2aPartInput>;

/** Where the agent posts the task's updates. No url: Loupe's own receiver (`/a2a-push/<id>`, a per-task token it checks). */
export const A2aSendPush = z.object({
  url: z
    .string()
    .max(2048)
    .refine((u) => /^https?:\/\/[^\s]+$/.test(u), "An http(s) URL")
    .optional(),
  /** Sent as the config's token (the agent echoes it in X-A2A-Notification-Token); Loupe makes its own for its receiver. */
  token: z.string().max(512).optional(),
});
export type A2aSendPush = z.infer<typeof A2aSendPush>;

export const A2aSendBody = z.object({
  parts: z.array(A2aPartInput).min(1),
  /** Continue a conversation (contextId) and/or a task (taskId); absent = a new one. */
  contextId: z.string().min(1).optional(),
  taskId: z.string().min(1).optional(),
  /** message/stream when the card says streaming; message/send otherwise. */
  stream: z.boolean().default(true),
  /**
   * false: message/send returns at once with the task in submitted / working (v1.0
   * `configuration.returnImmediately`, v0.3 `blocking: false`) and the task moves on by pushes,
   * tasks/get or a resubscribe. Always message/send, whatever `stream` says. Absent: blocking.
   */
  blocking: z.boolean().optional(),
  /** Push notifications for the task, in the same request (`configuration.taskPushNotificationConfig`). */
  push: A2aSendPush.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type A2aSendBody = z.infer<typeof A2aSendBody>;

/** v0.3-style names; v1.0's TASK_STATE_* are mapped onto these ("unknown" for anything else). */
export type A2aTaskState =
  "submitted" | "working" | "input-required" | "auth-required" | "completed" | "failed" | "canceled" | "rejected" | "unknown";

export const A2A_TERMINAL_STATES: readonly A2aTaskState[] = ["completed", "failed", "canceled", "rejected"];
export const A2A_INTERRUPTED_STATES: readonly A2aTaskState[] = ["input-required", "auth-required"];

export interface A2aTaskSummary {
  agentId: string;
  taskId: string;
  contextId: string;
  state: A2aTaskState;
  /** The status message's text, if any. */
  statusText?: string;
  createdAt: number;
  updatedAt: number;
  artifactCount: number;
  /** A stream is open for it now (message/stream or resubscribe). */
  streaming: boolean;
  /**
   * The agent stopped answering before the task ended (its process died mid-stream, its card no
   * longer answers): when and why. `state` stays the agent's last word; cleared by its next frame.
   */
  lost?: { at: number; reason: string };
  /** Registered push webhook, if any. */
  push?: A2aPushRegistration;
}

export interface A2aTaskDetail extends A2aTaskSummary {
  /** The last Task object Loupe saw (tasks/get or a stream's task frame), raw. */
  task?: unknown;
  /** The seqs of this task's entries, in order (the timeline reads them from /api/entries). */
  entrySeqs: number[];
}

export interface A2aPushRegistration {
  pushId: string;
  /** The webhook URL the agent was given. */
  url: string;
  registeredAt: number;
  received: number;
  error?: string;
}

/**
 * A task waiting for the user (input-required / auth-required), listed in the shared inbox
 * (source "a2a"). Answering sends a message with the same taskId and contextId.
 */
export interface A2aHumanRequest {
  id: string;
  agentId: string;
  agentName: string;
  taskId: string;
  contextId: string;
  kind: "input" | "auth";
  /** The status message's text parts, joined. */
  prompt?: string;
  /** A JSON Schema the agent supplied in a data part (form), when it did. */
  schema?: unknown;
  /** The raw status message. */
  message?: unknown;
  createdAt: number;
  status: "pending" | "answered" | "failed" | "stale";
  answeredAt?: number;
  /** What was answered (a credential masked): a case saved from the task replays it (issue 24). */
  answer?: A2aAnswerBody;
  /** Why it went stale (the task moved on, was canceled, Loupe restarted without it…). */
  reason?: string;
  /** Why the last answer failed: the agent's refusal, or A2A_ANSWER_CUT_OFF, or the agent out of reach… */
  error?: AppErrorBody;
}

/** The error of an answer cut off by a Loupe instance's stop (sent, that instance gone before the agent replied): not the agent's refusal. */
export const A2A_ANSWER_CUT_OFF = "internal:a2a_answer_cut_off";

export const A2aAnswerBody = z.union([
  z.object({ kind: z.literal("text"), text: z.string().min(1) }),
  z.object({ kind: z.literal("data"), data: z.record(z.string(), z.unknown()) }),
  /** auth-required: a credential sent as a data part (and never shown again unmasked). */
  z.object({ kind: z.literal("credential"), credential: z.string().min(1), scheme: z.string().optional() }),
]);
export type A2aAnswerBody = z.infer<typeof A2aAnswerBody>;

/**
 * Entry kinds of protocol "a2a" (the raw shapes are in lib/contracts/entry-kinds):
 *   "a2a_request"   direction out: { exchangeId, transport, method, url, body } — what Loupe sent
 *   "a2a_frame"     direction in:  { exchangeId, transport, method, taskId?, contextId?, kind, payload }
 *                   one JSON-RPC response / REST body / SSE event, payload as received
 *   "a2a_malformed" direction in:  { exchangeId, text, error } — a frame that did not parse or fit
 *   "a2a_stream"    local:         { exchangeId, taskId?, event: "open" | "closed" | "dropped" | "resubscribed", error? }
 *   "a2a_push"      direction in:  { pushId, taskId, headers (masked), body } — a webhook POST
 *   "a2a_card"      direction in:  { url, status, card?, error? }
 *   "a2a_request_state" local:     A2aHumanRequest, recorded whole on every change
 */
export const A2A_ENTRY_KIND_NAMES = [
  "a2a_request",
  "a2a_frame",
  "a2a_malformed",
  "a2a_stream",
  "a2a_push",
  "a2a_card",
  "a2a_request_state",
] as const;

/** A2A's exportable unit: one task (lib/contracts/protocols.ts composes every protocol's). */
export const A2A_TASK_UNIT = bundleUnitContract("a2a-task", "A2A task", { agentId: unitId, taskId: unitId });

/** What the session search finds of A2A: a context (its tasks), by id. */
export const A2A_SEARCH_KIND = "a2a-context";

const snapshotJsonObject = z.record(z.string(), z.unknown());

/**
 * The `snapshot` of an A2A task bundle:
 *   task     Loupe's record of the task (state, status text, artifact count, push registration, the
 *            last raw Task object a tasks/get or stream carried) — the summary the task pane shows.
 *   card     the agent card as Loupe fetched it (raw, plus where, when, which wire version and
 *            transport), null when the agent had none.
 *   answers  for each human request that was answered: the seq of the `a2a_request` entry that
 *            carried the answer and the message it sent (a credential already masked by the recorder).
 */
export const a2aTaskSnapshotSchema = z.object({
  task: z
    .object({
      agentId: z.string(),
      taskId: z.string(),
      contextId: z.string(),
      state: z.string(),
      statusText: z.string().optional(),
      createdAt: z.number(),
      updatedAt: z.number(),
      artifactCount: z.number().int().nonnegative(),
      push: z.unknown().optional(),
      task: z.unknown().optional(),
    })
    .passthrough(),
  card: z
    .object({
      card: z.unknown(),
      cardUrl: z.string().optional(),
      cardFetchedAt: z.number().optional(),
      protocolVersion: z.string().optional(),
      transport: z.string().optional(),
      findings: z.array(snapshotJsonObject).optional(),
    })
    .nullable(),
  answers: z.array(z.object({ requestId: z.string(), seq: z.number().int(), message: z.unknown() })),
});
export type A2aTaskSnapshot = z.infer<typeof a2aTaskSnapshotSchema>;
