import "server-only";
import { randomUUID } from "node:crypto";
import type { AnswerBody, InterruptAnswer, RunRecord, StoredAnswer } from "@/lib/contracts/agents";
import { adkRequestId, parseAdkSessionKey } from "@/lib/contracts/agents";
import { AppError } from "@/lib/errors";
import { answerOnceAsync, claimPeerPause, peerPause, type AnswerTarget } from "@/lib/server/inbox/answer-claims";
import { confirmationResponse, credentialResponse, inputResponse, longRunningResponse } from "@/lib/protocols/adk/answers";
import type { AdkInterrupt } from "@/lib/protocols/adk/interrupts";
import type { AdkContent } from "@/lib/protocols/adk/types";
import type { AgentStore } from "@/lib/server/adk/agent-store";
import type { AdkInbox } from "@/lib/server/adk/inbox";
import { maskStoredAnswer } from "@/lib/server/adk/mask";
import { hasMaskedSecret, maskCredentialSecrets } from "@/lib/server/secrets";
import type { RunManager } from "@/lib/server/adk/runs";
import type { UpstreamTarget } from "@/lib/server/adk/upstream";
import type { AuditAnswer } from "@/lib/server/people/audit-log";
import { answeringActor } from "@/lib/server/people/actor-context";

export interface AnswerResult {
  answer: StoredAnswer;
  run?: RunRecord;
}

/** One answer sent: what the route replies with, and what the agent server made of it. */
export interface AnswerAttempt {
  result: AnswerResult;
  /** The request's name: its answer claim's and its audit rows' (adkRequestId). */
  requestId: string;
  /**
   * The stored answer (masked) once the agent server took it (sent) or refused it (failed). A
   * refusal can come after `result` (nothing within FIRST_FRAME_WAIT_MS); never settles if Loupe
   * stops first (the answer is then failed at the next start).
   */
  settled: Promise<StoredAnswer>;
}

/**
 * What the audit log says of an attempt once it settled: answered, or failed with the agent
 * server's reason in words (the request stays open for a Retry).
 */
export function answerAudit(attempt: { requestId: string }, answer: StoredAnswer, retried: boolean): AuditAnswer {
  const said = (text: string) => (retried ? `retried: ${text}` : text);
  const where = { source: "adk", requestId: attempt.requestId };
  if (answer.status === "failed") return { kind: "failed", ...where, detail: said(answer.error?.message ?? "the agent server refused it") };
  // Aborted before the agent server replied: given, and never refused.
  if (answer.status === "sending") return { kind: "answered", ...where, detail: said("stopped before the agent server replied") };
  return { kind: "answered", ...where, ...(retried ? { detail: "retried" } : {}) };
}

/** Who gives the answer now (kept with it in flight, for the audit row of an answer Loupe's stop cuts off). */
function answeredBy(): Pick<StoredAnswer, "answeredBy"> {
  const actor = answeringActor();
  return actor ? { answeredBy: actor } : {};
}

/** How long answer() waits for the run's first frame, where an IntentMismatchError would show. */
const FIRST_FRAME_WAIT_MS = 5_000;

function mismatch(interrupt: AdkInterrupt, answer: InterruptAnswer): AppError {
  return new AppError("bad_request:answer_kind", `A ${answer.kind} answer cannot answer a ${interrupt.kind} interrupt`);
}

/** The newMessage that answers `interrupt` (builders in lib/protocols/adk/answers.ts). */
export function answerMessage(interrupt: AdkInterrupt, answer: InterruptAnswer): AdkContent {
  switch (answer.kind) {
    case "confirmation":
      if (interrupt.kind !== "confirmation") throw mismatch(interrupt, answer);
      return confirmationResponse(interrupt, answer.confirmed, answer.payload);
    case "input":
      if (interrupt.kind !== "input") throw mismatch(interrupt, answer);
      return inputResponse(interrupt, answer.value);
    case "credential":
      if (interrupt.kind !== "credential") throw mismatch(interrupt, answer);
      return credentialResponse(interrupt, { apiKey: answer.apiKey });
    case "credential_oauth":
      if (interrupt.kind !== "credential") throw mismatch(interrupt, answer);
      return credentialResponse(interrupt, {
        authResponseUri: answer.authResponseUri,
        ...(answer.redirectUri !== undefined ? { redirectUri: answer.redirectUri } : {}),
      });
    case "long_running":
      if (interrupt.kind !== "long_running") throw mismatch(interrupt, answer);
      return longRunningResponse(interrupt, answer.response);
  }
}

/**
 * The ADK answer sender (the inbox itself only lists; each protocol answers its own requests).
 * Answers to ADK interrupts: stored before they are sent (so a failed send can be retried without
 * retyping), sent as a new run, marked sent / failed from what the upstream did with it.
 */
export class AnswerDesk {
  constructor(
    private readonly agentStore: AgentStore,
    private readonly inbox: AdkInbox,
    private readonly runs: RunManager,
    /** Re-reads a stored session into the inbox (the agent's real events). */
    private readonly refreshSession: (agentId: string, sessionKey: string) => Promise<void> = async () => undefined,
  ) {}

  /**
   * The interrupt to build an answer from. A credential request known only from recorded entries
   * (after a restart) has its OAuth client secret masked; the agent needs the real auth config
   * back, so the stored session is read again first.
   */
  private async unmasked(agentId: string, sessionKey: string, interruptId: string, interruptKey?: string): Promise<AdkInterrupt> {
    const interrupt = this.answerable(agentId, sessionKey, interruptId, interruptKey);
    if (interrupt.kind !== "credential" || !hasMaskedSecret(interrupt.authConfig)) return interrupt;
    await this.refreshSession(agentId, sessionKey);
    return this.answerable(agentId, sessionKey, interruptId, interrupt.key);
  }

  /** The interrupt, if it can still be answered (pending, or its last answer failed). */
  private answerable(agentId: string, sessionKey: string, interruptId: string, interruptKey?: string): AdkInterrupt {
    const found = this.inbox.findRaw(agentId, sessionKey, interruptId, interruptKey);
    if (!found) throw new AppError("not_found:interrupt", `No interrupt "${interruptId}" in session ${sessionKey}`);
    if (found.status === "stale") {
      throw new AppError("conflict:interrupt_stale", "The session has moved past this interrupt; it can no longer be answered");
    }
    if (found.status === "answered") throw new AppError("conflict:interrupt_answered", "This interrupt has already been answered");
    return found.interrupt;
  }

  /**
   * What an answer to the interrupt claims (inbox/answer-claims.ts): the first answer, or the one
   * after the last failed run, which every instance reads the same from the stored answers.
   */
  private claimTarget(agentId: string, sessionKey: string, interrupt: AdkInterrupt): AnswerTarget {
    const last = this.inbox.findRaw(agentId, sessionKey, interrupt.id, interrupt.key)?.last;
    return {
      source: "adk",
      requestId: adkRequestId(agentId, sessionKey, interrupt.key),
      ...(last ? { round: `after:${last.runId ?? last.id}` } : {}),
    };
  }

  async answer(agentId: string, target: UpstreamTarget, body: AnswerBody): Promise<AnswerAttempt> {
    if (!parseAdkSessionKey(body.sessionKey)) throw new AppError("bad_request:session_key", `Not a session key: "${body.sessionKey}"`);
    const interrupt = await this.unmasked(agentId, body.sessionKey, body.interruptId, body.interruptKey);
    const newMessage = answerMessage(interrupt, body.answer);
    const stored: StoredAnswer = {
      id: randomUUID(),
      agentId,
      sessionKey: body.sessionKey,
      interruptId: body.interruptId,
      interruptKey: interrupt.key,
      answer: body.answer,
      status: "sending",
      createdAt: Date.now(),
      ...answeredBy(),
    };
    const claim = this.claimTarget(agentId, body.sessionKey, interrupt);
    return this.onePause(target, body.sessionKey, interrupt, claim.round, (release) =>
      answerOnceAsync(this.agentStore.store, claim, "conflict:interrupt_answered", () =>
        this.send(claim.requestId, stored, target, interrupt, newMessage, body.streaming, release),
      ),
    );
  }

  async retry(agentId: string, target: UpstreamTarget, answerId: string): Promise<AnswerAttempt> {
    const stored = this.agentStore.getAnswer(answerId);
    if (!stored || stored.agentId !== agentId) throw new AppError("not_found:answer", `No answer "${answerId}" on this agent server`);
    if (stored.status !== "failed") throw new AppError(`conflict:answer_${stored.status}`, `This answer is ${stored.status}, not failed`);
    // Stored before answers carried their request's key: with the call id reused by a later
    // request, which one it answered is unknown, and it must not go to the newer one.
    if (stored.interruptKey === undefined && this.inbox.requestsWithCallId(agentId, stored.sessionKey, stored.interruptId) > 1) {
      throw new AppError(
        "conflict:answer_legacy",
        "This answer predates request keys and its call id now names several requests; answer the request again instead",
      );
    }
    const interrupt = await this.unmasked(agentId, stored.sessionKey, stored.interruptId, stored.interruptKey);
    const { error: _error, runId: _runId, answeredBy: _before, ...rest } = stored;
    const claim = this.claimTarget(agentId, stored.sessionKey, interrupt);
    return this.onePause(target, stored.sessionKey, interrupt, claim.round, (release) =>
      answerOnceAsync(this.agentStore.store, claim, "conflict:interrupt_answered", () =>
        this.send(
          claim.requestId,
          { ...rest, status: "sending", ...answeredBy() },
          target,
          interrupt,
          answerMessage(interrupt, stored.answer),
          false,
          release,
        ),
      ),
    );
  }

  /**
   * The server's pause is claimed too (peerPause): another saved agent on the same server cannot
   * deliver a second answer to it. Given back when the answer is not delivered (`release`, called by
   * the run's failure too).
   */
  private async onePause<T>(
    target: UpstreamTarget,
    sessionKey: string,
    interrupt: AdkInterrupt,
    round: string | undefined,
    answer: (release: () => void) => Promise<T>,
  ): Promise<T> {
    // The session and the request's own key (event id and call id: a workflow reuses a call id for
    // a later pause of the same session, which is another pause).
    // In the request's round: an answer left failed by a restart (never released) does not block
    // its Retry, which claims the round after it, as the request's own claim does.
    const pause = { ...peerPause(target.url, `${sessionKey} ${interrupt.key}`), ...(round ? { round } : {}) };
    const release = claimPeerPause(this.agentStore.store, pause, "conflict:interrupt_answered");
    try {
      return await answer(release);
    } catch (error) {
      release();
      throw error;
    }
  }

  private async send(
    requestId: string,
    first: StoredAnswer,
    target: UpstreamTarget,
    interrupt: AdkInterrupt,
    newMessage: AdkContent,
    streaming: boolean,
    /** Gives the peer's pause back (its run failed: the answer may be given again). */
    release: () => void = () => undefined,
  ): Promise<AnswerAttempt> {
    let current = first;
    const update = (patch: Partial<StoredAnswer>): void => {
      current = { ...current, ...patch };
      this.agentStore.saveAnswer(current);
      this.inbox.setAnswer(current);
    };
    update({});
    const where = parseAdkSessionKey(current.sessionKey)!;
    let settle = (): void => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const run = this.runs.start(
      {
        agentId: current.agentId,
        target,
        ...where,
        newMessage,
        recordedMessage: maskCredentialSecrets(newMessage),
        streaming,
        answersInterruptId: interrupt.id,
      },
      {
        accepted: () => update({ status: "sent" }),
        failed: (error) => {
          update({ status: "failed", error });
          release();
          settle();
        },
        firstFrame: () => settle(),
      },
    );
    update({ runId: run.id });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS)))]);
    clearTimeout(timer);
    const latest = this.runs.get(run.id);
    return {
      result: { answer: maskStoredAnswer(current), ...(latest ? { run: latest } : {}) },
      requestId,
      // Read once settled: a refusal in the first frame is applied in the same tick as firstFrame.
      settled: settled.then(() => maskStoredAnswer(current)),
    };
  }
}
