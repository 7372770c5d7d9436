import "server-only";
import { randomUUID } from "node:crypto";
import type { LgHumanRequest } from "@/lib/contracts/langgraph";
import type { AppErrorBody } from "@/lib/errors";
import { interruptShape } from "@/lib/server/langgraph/answers";
import type { LgStore } from "@/lib/server/langgraph/lg-store";
import { recordLgRequest } from "@/lib/server/langgraph/record";
import type { ThreadWire } from "@/lib/server/langgraph/wire";
import { lgInterrupts } from "@/lib/server/langgraph/wire";
import type { Hub } from "@/lib/server/hub";
import { auditStoppedAnswer } from "@/lib/server/people/audit-log";

/** Why a failed answer cannot be retried (see syncThread). */
export const NOT_RESUMABLE =
  "the graph raised on this answer and the thread is in error: the server no longer lists the interrupt, so it cannot be resumed again (run again from an earlier checkpoint)";

/** Answered, not yet carried by a run: waiting for the thread's other interrupts, or for its resume to go out. */
/** Why a request a test replay left is stale: it stays so, even if the server lists its interrupt again. */
export const LEFT_BY_REPLAY = "its test replay ended before answering it";

export const isUnsent = (r: LgHumanRequest): boolean => r.status === "answered" && r.answeredByRunId === undefined;

/** How a run ends that a Loupe stopped while it streamed: at the next start, or taken over from a stopped instance. */
const STOPPED_RUN = new Set(["internal:loupe_restarted", "upstream:instance_stopped"]);

/** An answer Loupe's stop cut off is failed: its audit row, under who gave it (the route that would have written one is gone). */
function auditStopped(ctx: SyncContext, r: LgHumanRequest, detail?: string): void {
  auditStoppedAnswer(ctx.hub.store, r.answeredBy, { source: "langgraph", requestId: r.id, ...(detail ? { detail } : {}) });
}

export interface SyncContext {
  hub: Hub;
  store: LgStore;
  deploymentName: string;
  /** Loupe holds the thread (a run streaming, an answer re-reading it): its unsent answers are on their way. */
  threadHeld: boolean;
  /** Whether Loupe's run is still streaming (its answers' fate is not known yet). */
  runActive: (runId: string) => boolean;
}

/** Saves a request and records its new state (the inbox and the thread pane follow the entry). */
export function saveRequest(hub: Hub, store: LgStore, request: LgHumanRequest): LgHumanRequest {
  store.saveRequest(request);
  recordLgRequest(hub, request);
  return request;
}

/**
 * Brings a thread's requests in line with the interrupts the server lists for it (GET
 * /threads/{id}): a new interrupt id is a pending request; a pending one the server no longer
 * lists was moved past; an answer whose run ended with its interrupt still listed did not take
 * (failed, retryable with the kept answer). Requests are unique per (deployment, thread,
 * interrupt id): interrupt ids repeat across threads. `runId`: the run that just paused, if Loupe's.
 */
export function syncThread(ctx: SyncContext, deploymentId: string, thread: ThreadWire, runId: string | null): LgHumanRequest[] {
  const { hub, store } = ctx;
  const threadId = thread.thread_id;
  const metadata = thread.metadata ?? {};
  const assistantId = typeof metadata.assistant_id === "string" ? metadata.assistant_id : undefined;
  const graphId = typeof metadata.graph_id === "string" ? metadata.graph_id : undefined;
  store.seeThread({ deploymentId, threadId, ...(thread.status ? { status: thread.status } : {}), assistantId, graphId });
  const save = (r: LgHumanRequest) => saveRequest(hub, store, r);
  const listed = lgInterrupts(thread.interrupts);
  const mine = new Map(store.threadRequests(deploymentId, threadId).map((r) => [r.interruptId, r]));
  const now = Date.now();
  for (const i of listed) {
    const r = mine.get(i.id);
    if (!r) {
      save({
        id: randomUUID(),
        deploymentId,
        deploymentName: ctx.deploymentName,
        threadId,
        ...(assistantId ? { assistantId } : {}),
        ...(graphId ? { graphId } : {}),
        runId,
        interruptId: i.id,
        taskId: i.taskId,
        ...(i.ns ? { ns: i.ns } : {}),
        value: i.value,
        shape: interruptShape(i.value),
        createdAt: now,
        status: "pending",
      });
    } else if (r.status === "stale" && r.reason !== LEFT_BY_REPLAY) {
      // Listed again (the thread was put back to this checkpoint): answerable again.
      save({ ...r, status: "pending", value: i.value, shape: interruptShape(i.value), reason: undefined, answeredByRunId: undefined });
    } else if (r.status === "answered" && r.answeredByRunId !== undefined && !ctx.runActive(r.answeredByRunId)) {
      const run = store.getRun(r.answeredByRunId);
      const how = run ? ` (${run.status}${run.error ? `: ${run.error.message}` : ""})` : "";
      if (run?.error && STOPPED_RUN.has(run.error.code)) auditStopped(ctx, r);
      save({
        ...r,
        status: "failed",
        error: {
          code: "upstream:langgraph_resume_not_taken",
          message: `The server still lists this interrupt after run ${r.answeredByRunId}${how}: the answer did not resume it`,
        },
      });
    }
  }
  const ids = new Set(listed.map((i) => i.id));
  for (const r of mine.values()) {
    if (ids.has(r.interruptId)) continue;
    if (r.status === "pending") save({ ...r, status: "stale", reason: "a newer run moved past this interrupt" });
    else if (r.status === "failed" && thread.status === "error") {
      // Measured on the JS dev server: a resume the graph raised on leaves the thread in error with
      // no interrupt listed, and the bad answer stays in the checkpoint's writes (a resend raises again).
      if (r.reason !== NOT_RESUMABLE) save({ ...r, reason: NOT_RESUMABLE });
    } else if (r.status === "failed" || isUnsent(r))
      save({ ...r, status: "stale", reason: "it was resolved elsewhere: the server no longer lists this interrupt" });
  }
  return settleWaiting(ctx, deploymentId, threadId);
}

/**
 * Keeps `waitingFor` of the thread's unsent answers current. With nothing left pending and the
 * thread not held by Loupe, an unsent answer was cut off on its way (Loupe stopped before the resume
 * went out): it reads failed, and a retry sends it.
 */
export function settleWaiting(ctx: SyncContext, deploymentId: string, threadId: string): LgHumanRequest[] {
  const all = ctx.store.threadRequests(deploymentId, threadId);
  const waiting = all.filter((r) => r.status === "pending").length;
  // The step's size, for "1 of 2 answered": the answers held back plus the interrupts still pending.
  const step = waiting > 0 ? waiting + all.filter(isUnsent).length : undefined;
  return all.map((r) => {
    if (!isUnsent(r)) return r;
    if (waiting === 0 && !ctx.threadHeld) {
      const error: AppErrorBody = {
        code: "internal:langgraph_answer_not_sent",
        message: "Loupe stopped before this answer was sent; retry sends it",
      };
      auditStopped(ctx, r, error.message);
      return saveRequest(ctx.hub, ctx.store, { ...r, status: "failed", waitingFor: undefined, stepCount: undefined, error });
    }
    const next = waiting > 0 ? waiting : undefined;
    if (r.waitingFor === next && r.stepCount === step) return r;
    return saveRequest(ctx.hub, ctx.store, { ...r, waitingFor: next, stepCount: step });
  });
}
