import "server-only";
import type { A2aAnswerBody, A2aHumanRequest, A2aSendBody } from "@/lib/contracts/a2a";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { AppError, type AppErrorBody } from "@/lib/errors";
import { answerParts } from "@/lib/server/a2a/answers";
import { markInFlight } from "@/lib/server/a2a/answer-in-flight";
import type { A2aStore } from "@/lib/server/a2a/store";
import type { A2aTasks } from "@/lib/server/a2a/tasks";
import { answerClaimOf, answeredConflict, claimAnswer, releaseAnswer } from "@/lib/server/inbox/answer-claims";
import type { Store } from "@/lib/server/store";

/** What answering an A2A request needs of the registry. */
export interface A2aAnswerDeps {
  store: Store;
  /** Where an answer on its way is said (answer-in-flight.ts). */
  a2aStore: A2aStore;
  tasks: A2aTasks;
  /** Throws 404 when the agent is no longer saved. */
  requireAgent(agentId: string): void;
  send(agentId: string, body: A2aSendBody, opts: { secrets?: string[] }): Promise<unknown>;
}

const CODE = "conflict:a2a_request_answered" as const;

/** Errors of answers that were sent and that the agent refused (or never took): not those refused before sending. */
const undelivered = new WeakSet<object>();

/** Whether `error` is an answer's that was sent and not taken (the audit log's `failed`). */
export const wasUndelivered = (error: unknown): boolean => error instanceof Object && undelivered.has(error);

/**
 * Continues the request's task (same taskId and contextId) with the answer, exactly once. A
 * credential answers an auth request only, and an auth request takes nothing else (a key sent as
 * text was kept in the clear).
 */
export async function answerA2aRequest(deps: A2aAnswerDeps, requestId: string, body: A2aAnswerBody): Promise<A2aHumanRequest> {
  const { store, tasks } = deps;
  const request = tasks.getRequest(requestId);
  if (!request) throw new AppError("not_found:a2a_request", `No A2A request with id "${requestId}"`);
  deps.requireAgent(request.agentId);
  if ((request.kind === "auth") !== (body.kind === "credential"))
    throw new AppError(
      "bad_request:answer_kind",
      request.kind === "auth"
        ? "This request asks for a credential (auth-required): answer it with kind credential"
        : `This request asks for input (input-required): answer it with kind text or data, not ${body.kind}`,
    );
  const claim = tasks.claim(requestId, tasks.get(request.agentId, request.taskId)?.state);
  if (claim === "answering")
    throw new AppError(
      CODE,
      "Another answer to this request is being sent now: wait for it (if it fails, this request can be answered again)",
    );
  if (claim === "answered") {
    const who = answerClaimOf(store, { source: "a2a", requestId });
    throw who ? answeredConflict(CODE, who) : new AppError(CODE, "This request was already answered");
  }
  if (claim === "stale") {
    const now = tasks.getRequest(requestId);
    throw new AppError("conflict:a2a_request_stale", `This request no longer waits: ${now?.reason ?? "the task moved on"}`);
  }
  const parts = answerParts(request, body);
  const target = { source: "a2a", requestId };
  try {
    // One conditional write in the database decides between two answers, on any instance.
    const claimed = claimAnswer(store, target, CODE);
    // On its way: should Loupe stop before the agent replies, the next start knows, and who gave it.
    markInFlight(deps.a2aStore, tasks.getRequest(requestId) ?? request);
    try {
      await deps.send(
        request.agentId,
        { parts, taskId: request.taskId, contextId: request.contextId, stream: true },
        body.kind === "credential" ? { secrets: [body.credential] } : {},
      );
    } catch (e) {
      // Not delivered: the request may be answered again (Retry), here or on another instance.
      releaseAnswer(store, target, claimed);
      const error: AppErrorBody = AppError.from(e).toJSON();
      const now = tasks.getRequest(requestId) ?? request;
      // The agent no longer has the task (it restarted): no answer can reach it, so it is not offered again.
      if (error.code === "not_found:a2a_task")
        tasks.save({ ...now, status: "stale", reason: `The agent no longer has this task: ${error.message}` });
      else tasks.save({ ...now, status: "failed", error });
      if (e instanceof Object) undelivered.add(e);
      throw e;
    }
    const { error: _e, ...rest } = tasks.getRequest(requestId) ?? request;
    // Kept for a case saved from the task (issue 24); a credential never is.
    const answer = body.kind === "credential" ? { ...body, credential: SECRET_MASK } : body;
    return tasks.save({ ...rest, status: "answered", answeredAt: claimed.answeredAt, answer });
  } finally {
    tasks.release(requestId);
  }
}
