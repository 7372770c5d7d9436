import "server-only";
import { LG_DEFAULT_STREAM_MODES } from "@/lib/contracts/langgraph";
import type { LgAnswerBody, LgHumanRequest } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import { answerClaimOf, answeredConflict, answerOnceAsync, roundOf } from "@/lib/server/inbox/answer-claims";
import { resumeValueOf } from "@/lib/server/langgraph/answers";
import type { LgGivenAnswer } from "@/lib/server/langgraph/answers";
import type { LgApi } from "@/lib/server/langgraph/client";
import type { LgStore } from "@/lib/server/langgraph/lg-store";
import type { LgRunOutcome, LgRuns } from "@/lib/server/langgraph/runs";
import { isUnsent, LEFT_BY_REPLAY, NOT_RESUMABLE, saveRequest, settleWaiting, syncThread } from "@/lib/server/langgraph/sync";
import type { SyncContext } from "@/lib/server/langgraph/sync";
import type { ThreadWire } from "@/lib/server/langgraph/wire";
import type { Hub } from "@/lib/server/hub";
import { shownLgRequest } from "@/lib/server/langgraph/record";
import { answeringActor } from "@/lib/server/people/actor-context";

/** The deployment a request belongs to, with its client (gone: removed). */
export type LgDeploymentLookup = (deploymentId: string) => { api: LgApi; name: string } | undefined;

/** An answer kept on its request: what a resume (and its retry) sends. */
type Kept = LgHumanRequest & { answer: LgGivenAnswer };
const kept = (r: LgHumanRequest): r is Kept => r.answer !== undefined && r.answer.kind !== "retry";

/**
 * Interrupts as human requests (issue 21): a human's answer must reach exactly the interrupt it
 * was meant for. Each request is one interrupt id of one thread; exactly one answer wins; the
 * answers of a thread's pending interrupts travel together in one resume run; a resume the server
 * did not take reads failed with its words and can be retried; one resolved elsewhere reads stale.
 */
export class LgRequests {
  constructor(
    readonly hub: Hub,
    private readonly store: LgStore,
    private readonly runs: LgRuns,
    private readonly deployment: LgDeploymentLookup,
  ) {}

  private save(r: LgHumanRequest): LgHumanRequest {
    return saveRequest(this.hub, this.store, r);
  }

  ctx(deploymentId: string, threadId: string): SyncContext {
    let threadHeld = false;
    try {
      this.runs.assertIdle(deploymentId, threadId);
    } catch {
      threadHeld = true;
    }
    const name = this.deployment(deploymentId)?.name ?? deploymentId;
    return { hub: this.hub, store: this.store, deploymentName: name, threadHeld, runActive: (id) => this.runs.done(id) !== undefined };
  }

  sync(deploymentId: string, thread: ThreadWire, runId: string | null): LgHumanRequest[] {
    return syncThread(this.ctx(deploymentId, thread.thread_id), deploymentId, thread, runId);
  }

  list(): LgHumanRequest[] {
    return this.store.listRequests().map(shownLgRequest);
  }

  /** The request as the routes show it (without who answered: read the store to save it back). */
  get(requestId: string): LgHumanRequest {
    const r = this.store.getRequest(requestId);
    if (!r) throw new AppError("not_found:langgraph_request", `No LangGraph request with id "${requestId}"`);
    return shownLgRequest(r);
  }

  /**
   * A run Loupe started ended: the answers it carried are bound to it (failed, with the run's words,
   * when it did not finish), then the thread as the server listed it right after decides the rest.
   */
  async afterRun({ record, thread }: LgRunOutcome): Promise<void> {
    const failed = record.status === "error" || record.status === "cancelled";
    for (const id of record.answers ?? []) {
      const r = this.store.getRequest(id);
      if (!r || r.status !== "answered" || (r.answeredByRunId !== undefined && r.answeredByRunId !== record.runId)) continue;
      this.save({ ...r, answeredByRunId: record.runId, ...(failed ? { status: "failed" as const, error: record.error } : {}) });
    }
    if (thread) this.sync(record.deploymentId, thread, record.runId);
    else if (record.status !== "cancelled") await this.refreshThread(record.deploymentId, record.threadId, record.runId);
  }

  /** Re-reads one thread and syncs its requests; a thread the server no longer has leaves them stale. */
  async refreshThread(deploymentId: string, threadId: string, runId: string | null = null): Promise<void> {
    const dep = this.deployment(deploymentId);
    if (!dep) return;
    try {
      this.sync(deploymentId, await dep.api.getThread(threadId), runId);
    } catch (e) {
      const err = AppError.from(e);
      if (!(err.details && typeof err.details === "object" && "status" in err.details && err.details.status === 404)) return;
      for (const r of this.store.threadRequests(deploymentId, threadId))
        if (r.status === "pending" || r.status === "failed" || isUnsent(r))
          this.save({ ...r, status: "stale", reason: "the server no longer has this thread" });
    }
  }

  /** A test replay ended early: what it left waiting on its thread is no one's to answer (stale for good). */
  closeLeftByReplay(deploymentId: string, threadId: string): void {
    for (const r of this.store.threadRequests(deploymentId, threadId))
      if (r.status === "pending" || r.status === "failed" || isUnsent(r)) this.save({ ...r, status: "stale", reason: LEFT_BY_REPLAY });
  }

  /**
   * Answers one request. Validated against its shape and HumanInterrupt config first (a refusal
   * leaves it as it was); then its status flips before anything awaits, so of two answers exactly
   * one wins. While other interrupts of the thread are pending the answer waits for them; the last
   * one sends them all in one resume run. `{ kind: "retry" }` re-sends a failed one's kept answer.
   */
  async answer(requestId: string, body: LgAnswerBody): Promise<LgHumanRequest> {
    const r = this.get(requestId);
    if (r.status === "answered") {
      const who = answerClaimOf(this.hub.store, { source: "langgraph", requestId, round: r.answerRound });
      throw new AppError(
        "conflict:langgraph_request_answered",
        who ? answeredConflict("conflict:langgraph_request_answered", who).message : "This request was already answered",
        { answeredByRunId: r.answeredByRunId ?? null, ...who },
      );
    }
    if (r.status === "stale")
      throw new AppError("conflict:langgraph_request_stale", `This request is stale: ${r.reason ?? "its interrupt is gone"}`);
    if (r.status === "failed" && r.reason === NOT_RESUMABLE)
      throw new AppError("conflict:langgraph_request_not_resumable", `This interrupt cannot be answered again: ${NOT_RESUMABLE}`);
    let given: LgGivenAnswer;
    if (body.kind === "retry") {
      if (r.status !== "failed" || !kept(r))
        throw new AppError(
          "conflict:langgraph_request_not_failed",
          "Only a failed request with a kept answer can be retried; this one is pending",
        );
      given = r.answer;
    } else given = body;
    resumeValueOf(r, given);
    if (!this.deployment(r.deploymentId)) {
      this.save({ ...r, status: "stale", reason: "the deployment was removed" });
      throw new AppError("conflict:langgraph_request_stale", "This request's deployment was removed");
    }
    this.runs.assertIdle(r.deploymentId, r.threadId);
    // One conditional write in the database decides between two answers, on any instance.
    const target = { source: "langgraph", requestId, round: roundOf(r) };
    return answerOnceAsync(this.hub.store, target, "conflict:langgraph_request_answered", ({ answeredAt }) => {
      this.save({
        ...r,
        status: "answered",
        answeredAt,
        answerRound: target.round,
        answer: given,
        error: undefined,
        reason: undefined,
        answeredByRunId: undefined,
        waitingFor: undefined,
        stepCount: undefined,
        // Kept for the audit's failed row should Loupe stop before the answer takes (sync.ts).
        answeredBy: answeringActor(),
      });
      const ctx = this.ctx(r.deploymentId, r.threadId);
      const pending = this.store.threadRequests(r.deploymentId, r.threadId).filter((x) => x.status === "pending");
      if (pending.length > 0) {
        settleWaiting(ctx, r.deploymentId, r.threadId);
        return Promise.resolve(this.get(r.id));
      }
      return this.resume(r.deploymentId, r.threadId, r.id);
    });
  }

  /** Re-reads the thread, then sends every kept answer of it in one resume run. */
  private async resume(deploymentId: string, threadId: string, mineId: string): Promise<LgHumanRequest> {
    const release = this.runs.reserve(deploymentId, threadId, "an answer's resume");
    let started = false;
    try {
      const dep = this.deployment(deploymentId);
      if (!dep) throw new AppError("conflict:langgraph_request_stale", "This request's deployment was removed");
      let thread: ThreadWire;
      try {
        thread = await dep.api.getThread(threadId);
      } catch (e) {
        // The thread could not be re-read: nothing was sent; the answers are kept for a retry.
        const error = AppError.from(e, "upstream:langgraph").toJSON();
        for (const g of this.store.threadRequests(deploymentId, threadId).filter(isUnsent)) this.save({ ...g, status: "failed", error });
        return this.get(mineId);
      }
      this.sync(deploymentId, thread, null);
      const mine = this.get(mineId);
      if (mine.status === "stale")
        throw new AppError(
          "conflict:langgraph_request_stale",
          `This interrupt was resolved elsewhere before the answer was sent: ${mine.reason ?? ""}`.trim(),
        );
      const all = this.store.threadRequests(deploymentId, threadId);
      if (all.some((x) => x.status === "pending")) return mine;
      const group = all.filter(kept).filter((x) => isUnsent(x) || x.status === "failed");
      const values = group.map((g) => [g.interruptId, resumeValueOf(g, g.answer)] as const);
      // One interrupt: the plain value, which every server version resumes (a map needs interrupt ids,
      // which older servers do not give, and only tells several apart). Several: a map by interrupt id.
      const resume = values.length === 1 ? values[0]![1] : Object.fromEntries(values);
      for (const g of group)
        if (g.status === "failed") this.save({ ...g, status: "answered", error: undefined, answeredByRunId: undefined });
      const metadata = thread.metadata ?? {};
      const assistantId = mine.assistantId ?? (typeof metadata.assistant_id === "string" ? metadata.assistant_id : undefined);
      if (!assistantId) throw new AppError("conflict:langgraph_no_assistant", "The thread names no assistant to resume it with");
      started = true;
      const run = await this.runs.start(
        deploymentId,
        dep.api,
        { assistantId, threadId, command: { resume }, streamModes: LG_DEFAULT_STREAM_MODES, subgraphs: false },
        { answers: group.map((g) => g.id), reserved: true },
      );
      for (const g of group) {
        const now = this.store.getRequest(g.id);
        if (now?.status === "answered" && now.answeredByRunId === undefined) this.save({ ...now, answeredByRunId: run.record.runId });
      }
      return this.get(mineId);
    } finally {
      if (!started) release();
    }
  }
}
