import { z } from "zod";
import { HttpHeaders } from "@/lib/contracts/wire-strings";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";
import type { AppErrorBody } from "@/lib/errors";
import type { Actor } from "@/lib/contracts/people";

/**
 * LangGraph deployments (issue 21): a LangGraph API server (the JS dev server `langgraphjs dev`, a
 * LangSmith deployment, a self-hosted one). The server owns the threads and their checkpoints; Loupe
 * lists them, starts runs and records every streamed event, and answers interrupts. Facts:
 * demo/langgraph/README.md and the "Wire facts".
 *
 * Routes (all under the Loupe token):
 *   GET    /api/langgraph/deployments                           LgDeploymentView[]
 *   POST   /api/langgraph/deployments        (LgDeploymentInput) → LgDeploymentView
 *   GET    /api/langgraph/deployments/:id                       LgDeploymentView
 *   PATCH  /api/langgraph/deployments/:id    (partial input)    → LgDeploymentView
 *   DELETE /api/langgraph/deployments/:id
 *   GET    /api/langgraph/deployments/:id/assistants             LgAssistant[]
 *   GET    /api/langgraph/deployments/:id/assistants/:aid/graph?xray=1  LgGraph
 *   GET    /api/langgraph/deployments/:id/assistants/:aid/schemas  LgAssistantSchemas (502 in words when the server has none in time)
 *   GET    /api/langgraph/deployments/:id/threads?status=&q=&limit=     LgThreadSummary[] (server's threads/search)
 *   POST   /api/langgraph/deployments/:id/threads   (LgThreadCreateBody) → LgThreadSummary
 *   GET    /api/langgraph/deployments/:id/threads/:tid           LgThreadDetail
 *   DELETE /api/langgraph/deployments/:id/threads/:tid
 *   GET    /api/langgraph/deployments/:id/threads/:tid/entries   Entry[] Loupe recorded for the thread, by seq
 *   GET    /api/langgraph/deployments/:id/threads/:tid/history   LgCheckpoint[] (newest first)
 *   POST   /api/langgraph/deployments/:id/threads/:tid/state (LgStateUpdateBody) → { checkpointId } (a fork point)
 *   POST   /api/langgraph/deployments/:id/runs      (LgRunBody)  → 202 { runId, threadId } (events arrive as entries)
 *   POST   /api/langgraph/deployments/:id/runs/:runId/cancel      → LgRunRecord
 *   GET    /api/langgraph/requests                               LgHumanRequest[] (pending first)
 *   GET    /api/langgraph/requests/:requestId                    LgHumanRequest
 *   POST   /api/langgraph/requests/:requestId (LgAnswerBody)     → LgHumanRequest (resumes when the step's last one is answered)
 *
 * Entries: protocol "langgraph", connectionId = the deployment id, sessionKey = the thread id.
 */

export const LgDeploymentInput = z.object({
  name: z.string().trim().min(1).max(200),
  /** The API's base URL (…/info, …/threads answer under it). */
  url: z.url(),
  /** Sent on every request (e.g. `x-api-key`); masked in views and exports. */
  headers: HttpHeaders,
  /** How often Loupe looks for interrupted threads it did not start (threads/search), in seconds; 0 = never. */
  pollSeconds: z.number().int().min(0).max(3600).default(15),
});
export type LgDeploymentInput = z.infer<typeof LgDeploymentInput>;

export interface LgDeploymentState {
  status: "unknown" | "starting" | "ok" | "error";
  error?: string;
  checkedAt?: number;
  /** GET /info as the server answered it. */
  info?: unknown;
}

export type LgDeploymentView = LgDeploymentInput & {
  id: string;
  createdAt: number;
  builtin?: boolean;
  state: LgDeploymentState;
};

/**
 * What a LangGraph deployment says of its assistants (one per graph), their graph and their
 * schemas: lib/contracts/langgraph-graph.ts, re-exported here with the rest of the contract.
 */
export type { LgAssistant, LgAssistantSchemas, LgGraph, LgGraphEdge, LgGraphNode } from "@/lib/contracts/langgraph-graph";

/** What the server says of a thread (`status` of threads/search and GET /threads/{id}). */
export type LgThreadStatus = "idle" | "busy" | "interrupted" | "error" | (string & {});

/** One interrupt of a thread as the server lists it (`interrupts: { <task id>: [{ id, value }] }`). */
export interface LgInterrupt {
  /** The interrupt id (what a resume map is keyed by); absent on old servers (then the task id stands in). */
  id: string;
  taskId: string;
  value: unknown;
  /** Checkpoint namespace of a subgraph's interrupt, when the server says it. */
  ns?: string[];
}

export interface LgThreadSummary {
  deploymentId: string;
  threadId: string;
  createdAt: string | null;
  updatedAt: string | null;
  status: LgThreadStatus;
  /** The thread's metadata (graph_id, assistant_id, whatever its creator set). */
  metadata: Record<string, unknown>;
  graphId?: string;
  assistantId?: string;
  /** Pending interrupts as the server listed them. */
  interruptCount: number;
  /** Runs Loupe started on this thread (0: the thread was started elsewhere). */
  loupeRuns: number;
}

export interface LgThreadDetail extends LgThreadSummary {
  values: unknown;
  interrupts: LgInterrupt[];
  /** Runs Loupe started on this thread, oldest first. */
  runs: LgRunRecord[];
  /** The thread as the server answered GET /threads/{id}, whole. */
  raw: unknown;
}

/** One checkpoint of `POST /threads/{id}/history` (newest first). */
export interface LgCheckpoint {
  checkpointId: string;
  parentCheckpointId: string | null;
  /** The superstep (`metadata.step`). */
  step: number | null;
  /** "input" | "loop" | "update" | "fork"… (`metadata.source`). */
  source: string | null;
  createdAt: string | null;
  /** The nodes that run next (empty: the graph ended here). */
  next: string[];
  values: unknown;
  /** What the step wrote (`metadata.writes`), when the server says. */
  writes: unknown;
  /** Tasks with their interrupts / errors, as the server listed them. */
  tasks: unknown[];
  raw: unknown;
}

export const LgThreadCreateBody = z.object({
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** Absent: the server picks one. */
  threadId: z.string().min(1).max(200).optional(),
});
export type LgThreadCreateBody = z.infer<typeof LgThreadCreateBody>;

/** Update a thread's state (a new checkpoint, the point a fork runs from). */
export const LgStateUpdateBody = z.object({
  values: z.unknown(),
  /** The checkpoint to branch from (absent: the thread's latest). */
  checkpointId: z.string().min(1).optional(),
  /** Write as if this node had run (LangGraph's `as_node`). */
  asNode: z.string().min(1).optional(),
});
export type LgStateUpdateBody = z.infer<typeof LgStateUpdateBody>;

/** Stream modes Loupe may ask for; `debug` gives the steps (checkpoints, tasks, results). */
export const LG_STREAM_MODES = ["values", "updates", "messages-tuple", "debug", "custom", "events"] as const;
export type LgStreamMode = (typeof LG_STREAM_MODES)[number];
export const LG_DEFAULT_STREAM_MODES: LgStreamMode[] = ["values", "updates", "messages-tuple", "debug", "custom"];

export const LgRunBody = z.object({
  assistantId: z.string().min(1),
  /** Absent: a new thread is created first. */
  threadId: z.string().min(1).optional(),
  /** The graph's input (null: continue from the checkpoint as it is). */
  input: z.unknown().optional(),
  /** A LangGraph Command (`resume`, `update`, `goto`), sent as given. */
  command: z.record(z.string(), z.unknown()).optional(),
  /** Run from this checkpoint (time travel / fork). */
  checkpointId: z.string().min(1).optional(),
  streamModes: z.array(z.enum(LG_STREAM_MODES)).min(1).default(LG_DEFAULT_STREAM_MODES),
  config: z.record(z.string(), z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /**
   * Also stream subgraphs' events (`stream_subgraphs`; their event names get a `|<ns>` suffix). Off
   * by default: measured on the JS dev server 2.0.0, `values` with `stream_subgraphs: true` fails the
   * run of a messages graph ("Cannot read properties of undefined (reading 'map')"). Interrupts
   * inside subgraphs are read from the thread either way.
   */
  subgraphs: z.boolean().default(false),
});
export type LgRunBody = z.infer<typeof LgRunBody>;
/** What a client may send (defaults filled by the route). */
export type LgRunBodyInput = z.input<typeof LgRunBody>;

export type LgRunStatus = "running" | "success" | "interrupted" | "error" | "cancelled";

export interface LgRunRecord {
  /** The server's run id (from the `metadata` event); a Loupe id until it arrives. */
  runId: string;
  threadId: string;
  deploymentId: string;
  assistantId: string;
  status: LgRunStatus;
  startedAt: number;
  endedAt: number | null;
  eventCount: number;
  /** Set when this run carried answers (the request ids). */
  answers?: string[];
  /** Set when this run forked from a checkpoint. */
  checkpointId?: string;
  error?: AppErrorBody;
  /** Milliseconds from start to the first event. */
  firstEventMs?: number;
}

/** Agent Inbox's `HumanInterrupt` (the value most deployments interrupt with). */
export const HumanInterruptSchema = z.object({
  action_request: z.object({ action: z.string(), args: z.record(z.string(), z.unknown()) }),
  config: z.object({
    allow_accept: z.boolean(),
    allow_edit: z.boolean(),
    allow_respond: z.boolean(),
    allow_ignore: z.boolean(),
  }),
  description: z.string().nullish(),
});
export type HumanInterrupt = z.infer<typeof HumanInterruptSchema>;

/**
 * A pending interrupt Loupe knows of (inbox source "langgraph"): from a run Loupe streamed or found
 * by threads/search on a thread someone else started. One request per interrupt id per thread.
 */
export interface LgHumanRequest {
  id: string;
  deploymentId: string;
  deploymentName: string;
  threadId: string;
  assistantId?: string;
  graphId?: string;
  /** The run that paused (null when the interrupt was found by threads/search). */
  runId: string | null;
  interruptId: string;
  taskId?: string;
  ns?: string[];
  /** The interrupt value as received, whole. */
  value: unknown;
  /**
   * "human_interrupt": the value is Agent Inbox's HumanInterrupt (or a one-element array of one,
   * the older convention: then the answer is sent as a one-element array too); "generic": anything else.
   */
  shape: "human_interrupt" | "human_interrupt_list" | "generic";
  createdAt: number;
  status: "pending" | "answered" | "failed" | "stale";
  answeredAt?: number;
  /**
   * The round its answer was claimed in (lib/server/inbox/answer-claims.ts; none: the first): a 409
   * names who answered and when from it, the Retry that took the answer rather than the first attempt.
   */
  answerRound?: string;
  /** Why it is stale or failed, in words. */
  reason?: string;
  error?: AppErrorBody;
  /** The accepted answer (kept so a failed resume can be retried as it was). */
  answer?: LgAnswerBody;
  /** The run that carried the answer. */
  answeredByRunId?: string;
  /** How many interrupts of the same step are still to be answered before the resume goes out. */
  waitingFor?: number;
  /** How many interrupts the step raised in all (with `waitingFor`, the card says "1 of 2 answered"). */
  stepCount?: number;
  /**
   * Who answered through the route, kept in the store only (shownLgRequest drops it): for the audit's
   * `failed` row of an answer Loupe's stop cut off (lib/server/langgraph/sync.ts).
   */
  answeredBy?: Actor;
}

/**
 * An answer: a HumanResponse (accept / edit / response / ignore) for a HumanInterrupt, honoring its
 * config, or any JSON value for any other interrupt. `retry: true` re-sends a failed one as it was.
 */
export const LgAnswerBody = z.union([
  z.object({ kind: z.literal("accept") }),
  z.object({ kind: z.literal("edit"), args: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal("response"), text: z.string() }),
  z.object({ kind: z.literal("ignore") }),
  z.object({ kind: z.literal("value"), value: z.unknown() }),
  z.object({ kind: z.literal("retry") }),
]);
export type LgAnswerBody = z.infer<typeof LgAnswerBody>;

/**
 * Entry kinds of protocol "langgraph":
 *   "lg_input"     direction out: { runId, request } — what Loupe POSTed (path + body)
 *   "lg_event"     direction in:  { runId, event, id?, data } — one SSE event as received (any name)
 *   "lg_malformed" direction in:  { runId, event?, text, error } — an event whose data did not parse
 *   "lg_run"       local:         LgRunRecord, on start and end
 *   "lg_request"   local:         LgHumanRequest, whole, on every change
 */
export const LG_ENTRY_KIND_NAMES = ["lg_input", "lg_event", "lg_malformed", "lg_run", "lg_request"] as const;

/** LangGraph's exportable unit: one thread as Loupe recorded it. */
export const LG_THREAD_UNIT = bundleUnitContract("langgraph-thread", "LangGraph thread", {
  deploymentId: unitId,
  threadId: unitId,
});

/** What the session search finds of LangGraph: a thread, by id. */
export const LG_SEARCH_KIND = "langgraph-thread";

/**
 * The `snapshot` of a LangGraph thread bundle: the thread as the server last answered (values,
 * status, interrupts), its checkpoints, and the runs Loupe started on it. Entries travel beside it.
 */
export const lgThreadSnapshotSchema = z.object({
  thread: z.object({ threadId: z.string(), deploymentId: z.string(), status: z.string(), values: z.unknown() }).passthrough(),
  checkpoints: z.array(z.object({ checkpointId: z.string() }).passthrough()),
  runs: z.array(z.object({ runId: z.string(), status: z.string(), startedAt: z.number() }).passthrough()),
});
export type LgThreadSnapshot = z.infer<typeof lgThreadSnapshotSchema>;
