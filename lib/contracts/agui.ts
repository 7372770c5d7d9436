import { z } from "zod";
import { HttpHeaders } from "@/lib/contracts/wire-strings";
import { bundleUnitContract, unitId } from "@/lib/contracts/bundle-unit";
import type { AppErrorBody } from "@/lib/errors";
import type { Actor } from "@/lib/contracts/people";

/**
 * AG-UI agents (issue 11). Loupe runs an AG-UI agent with `@ag-ui/client` (HttpAgent): POST the
 * RunAgentInput, read the event stream, record every event. Facts: ../shared/protocols/agent-uis.md §3.
 *
 * Routes (all under the Loupe token):
 *   GET    /api/agui/agents                              AguiAgentView[]
 *   POST   /api/agui/agents              (AguiAgentInput) → AguiAgentView
 *   GET    /api/agui/agents/:id                          AguiAgentView
 *   PATCH  /api/agui/agents/:id          (partial AguiAgentInput) → AguiAgentView
 *   DELETE /api/agui/agents/:id
 *   GET    /api/agui/agents/:id/threads                  AguiThreadSummary[]
 *   GET    /api/agui/agents/:id/threads/:threadId        AguiThreadDetail (messages, state, runs)
 *   GET    /api/agui/agents/:id/threads/:threadId/entries Entry[] of the thread, oldest first
 *   GET    /api/agui/agents/:id/threads/:threadId/entries  Entry[] of the thread, ascending by seq (raws over 64 KB previewed); the run timeline
 *   POST   /api/agui/agents/:id/runs     (AguiRunBody) → 202 { runId, threadId } (events arrive as entries)
 *   POST   /api/agui/agents/:id/runs/:runId/abort        stop a running run
 *   GET    /api/agui/requests                            AguiHumanRequest[] (pending first)
 *   GET    /api/agui/requests/:requestId                 AguiHumanRequest
 *   POST   /api/agui/requests/:requestId (AguiAnswerBody) → AguiHumanRequest (resumes the thread)
 *
 * Entries: protocol "agui", connectionId = the agent id, sessionKey = the threadId.
 */

/** A front-end tool the user declares: the agent may call it, and the user answers the call. */
export const AguiToolDeclaration = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).default(""),
  /** JSON Schema of the tool's arguments. */
  parameters: z.record(z.string(), z.unknown()).default({ type: "object", properties: {} }),
});
export type AguiToolDeclaration = z.infer<typeof AguiToolDeclaration>;

export const AguiAgentInput = z.object({
  name: z.string().trim().min(1).max(200),
  /** The agent's run endpoint (HttpAgent url). */
  url: z.url(),
  headers: HttpHeaders,
  /** Front-end tools sent with every run unless the run body names its own. */
  tools: z.array(AguiToolDeclaration).default([]),
});
export type AguiAgentInput = z.infer<typeof AguiAgentInput>;

export interface AguiAgentState {
  status: "unknown" | "starting" | "ok" | "error";
  error?: string;
  checkedAt?: number;
}

export type AguiAgentView = AguiAgentInput & {
  id: string;
  createdAt: number;
  builtin?: boolean;
  state: AguiAgentState;
};

export const AguiRunBody = z.object({
  /** Absent: a new thread. */
  threadId: z.string().min(1).optional(),
  /** The user's message for this run (absent: run with the thread's messages as they are). */
  text: z.string().optional(),
  /** Replaces the thread's state for this run when given. */
  state: z.unknown().optional(),
  tools: z.array(AguiToolDeclaration).optional(),
  context: z.array(z.object({ description: z.string(), value: z.string() })).default([]),
  forwardedProps: z.record(z.string(), z.unknown()).optional(),
});
export type AguiRunBody = z.infer<typeof AguiRunBody>;

export type AguiRunStatus = "running" | "finished" | "interrupted" | "error" | "aborted";

export interface AguiRunRecord {
  runId: string;
  threadId: string;
  agentId: string;
  status: AguiRunStatus;
  startedAt: number;
  endedAt: number | null;
  eventCount: number;
  /** Set when this run answered human requests (tool results or resume[]). */
  answers?: string[];
  error?: AppErrorBody;
  /** What @ag-ui/client's own checks (transformChunks + verifyEvents) said when they refused the stream; Loupe kept reading. */
  clientError?: string;
  /** How the run ended, as RUN_FINISHED.outcome said ("success" when omitted). */
  outcome?: "success" | "interrupt" | "cancelled";
  /**
   * Set on a run the agent started in the response to another run's request, after that run ended
   * (AG-UI lets one stream carry several runs in sequence): the run Loupe started, whose request
   * (`agui_input`) it came in. It starts from the messages and state the run before it left.
   */
  responseOf?: string;
  /**
   * Set on a stored run the agent replayed in the response to another run's request, before that run
   * (AG-UI: "the requested run, possibly preceded by replayed history"): the run Loupe started. History:
   * it moves no thread, asks nothing and is not a run of that request.
   */
  replayedIn?: string;
}

export interface AguiThreadSummary {
  agentId: string;
  threadId: string;
  createdAt: number;
  updatedAt: number;
  runCount: number;
  lastStatus: AguiRunStatus;
}

export interface AguiThreadDetail extends AguiThreadSummary {
  /** The thread's messages as Loupe will send them on the next run (AG-UI Message[]). */
  messages: unknown[];
  /** The thread's state after the last snapshot/deltas. */
  state: unknown;
  runs: AguiRunRecord[];
}

/**
 * Something an AG-UI run waits on the user for (inbox source "agui"):
 *   "tool"      the agent called a front-end tool (TOOL_CALL_START…END for a declared tool);
 *               answered by a new run with a `tool` message (toolCallId, content).
 *   "interrupt" RUN_FINISHED with outcome { type: "interrupt", interrupts }; answered by a new
 *               run with `resume: [{ interruptId, status, payload }]`.
 */
export interface AguiHumanRequest {
  id: string;
  agentId: string;
  agentName: string;
  threadId: string;
  runId: string;
  kind: "tool" | "interrupt";
  /** kind "tool": the call. */
  toolCallId?: string;
  toolName?: string;
  arguments?: unknown;
  /** The declared tool's (or the interrupt's responseSchema) JSON Schema, for the form. */
  schema?: unknown;
  /** kind "interrupt": the Interrupt object as received. */
  interrupt?: {
    id: string;
    reason?: string;
    message?: string;
    toolCallId?: string;
    responseSchema?: unknown;
    expiresAt?: string;
    metadata?: unknown;
  };
  createdAt: number;
  status: "pending" | "answered" | "failed" | "stale";
  answeredAt?: number;
  /**
   * The round its answer was claimed in (lib/server/inbox/answer-claims.ts; none: the first): a 409
   * names who answered and when from it, the Retry that took the answer rather than the first attempt.
   */
  answerRound?: string;
  reason?: string;
  error?: AppErrorBody;
  /** The accepted answer (kept so a failed continuation can be retried as it was). */
  answer?: AguiAnswerBody;
  /** The run that carried the answer to the agent. */
  answeredByRunId?: string;
  /**
   * Who answered through the route, kept in the store only (shownAguiRequest drops it): should Loupe
   * stop before the run carrying the answer ends, the next start fails it and writes the audit's
   * `failed` row under this name (AguiStore.settleLeftBehind, lib/server/agui/agui-store.ts).
   */
  answeredBy?: Actor;
}

export const AguiAnswerBody = z.union([
  /** A front-end tool's result (content is sent as the tool message's content, JSON-encoded if not a string). */
  z.object({ kind: z.literal("tool_result"), result: z.unknown() }),
  z.object({ kind: z.literal("resume"), status: z.enum(["resolved", "cancelled"]), payload: z.unknown().optional() }),
]);
export type AguiAnswerBody = z.infer<typeof AguiAnswerBody>;

/**
 * Entry kinds of protocol "agui":
 *   "agui_input"     direction out: { runId, input } — the RunAgentInput Loupe POSTed
 *   "agui_event"     direction in:  { runId, event } — one AG-UI event as received (any type, unknown ones too)
 *   "agui_malformed" direction in:  { runId, text, error } — a line/frame that did not parse or validate
 *   "agui_run"       local:         AguiRunRecord, on start and end
 *   "agui_request"   local:         AguiHumanRequest, recorded whole on every change
 */
export const AGUI_ENTRY_KIND_NAMES = ["agui_input", "agui_event", "agui_malformed", "agui_run", "agui_request"] as const;

/** AG-UI's exportable unit: one run (lib/contracts/protocols.ts composes every protocol's). */
export const AGUI_RUN_UNIT = bundleUnitContract("agui-run", "AG-UI run", { agentId: unitId, runId: unitId });

/** What the session search finds of AG-UI: a thread, by id. */
export const AGUI_SEARCH_KIND = "agui-thread";

const threadSide = z.object({ messages: z.array(z.unknown()), state: z.unknown() });

/**
 * The `snapshot` of an AG-UI run bundle:
 *   run     Loupe's record of the run (status, times, event count, error, outcome, answers carried).
 *   input   the RunAgentInput as POSTed (`agui_input`: messages, state, tools, context, resume…);
 *           null when the run never got as far as sending it, or came in the response to another
 *           run's request (`run.responseOf`).
 *   before  the thread's messages and state as the run started (what the input carried; for a run
 *           of another's response, what the runs before it in that response left).
 *   after   the thread's messages and state as the run left them — what Loupe sends on the next
 *           run: the input's messages plus what the events said, the state after every snapshot/delta.
 */
export const aguiRunSnapshotSchema = z.object({
  run: z
    .object({
      runId: z.string(),
      threadId: z.string(),
      agentId: z.string(),
      status: z.string(),
      startedAt: z.number(),
      endedAt: z.number().nullable(),
      eventCount: z.number().int().nonnegative(),
    })
    .passthrough(),
  input: z.record(z.string(), z.unknown()).nullable(),
  before: threadSide,
  after: threadSide,
});
export type AguiRunSnapshot = z.infer<typeof aguiRunSnapshotSchema>;
