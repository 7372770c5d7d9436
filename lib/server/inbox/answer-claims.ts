import "server-only";
import { hostname } from "node:os";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { Store } from "@/lib/server/store";
import { currentActor } from "@/lib/server/people/actor-context";
import { LOCAL_ACTOR } from "@/lib/contracts/people";

/**
 * Exactly-once answers (issue 25): before a human request is answered (an MCP sampling or elicitation
 * request, an ADK interrupt, an A2A input, an AG-UI or LangGraph interrupt, an approval), its answer
 * is claimed in the database with one conditional write — a row keyed by source, request and round,
 * inserted only if none is there. Two people answering at once, on one Loupe or on two instances
 * sharing a PostgreSQL database, make one claim; the other is told who answered and when. Every
 * source claims through here, none by hand.
 */

// The table `answer_claims` is one of the core tables (lib/server/store-schema.ts); retention prunes it by age.

/**
 * The request an answer is for. `round` tells attempts apart where a failed answer may be given
 * again (Retry): something every instance reads the same from the stored request (the failed
 * attempt's time), so a retry is claimed once too. Omitted: the first answer.
 */
export interface AnswerTarget {
  /** The inbox source: a protocol's id, or "approval". */
  source: string;
  requestId: string;
  round?: string;
}

/** Who answered a request, and when (ms since the epoch). */
export interface AnswerClaim {
  answeredBy: string;
  answeredAt: number;
}

export type ClaimOutcome = AnswerClaim & { won: boolean };

const FIRST_ROUND = "first";

/**
 * The round of a request that keeps its last answer's time (`answeredAt`): one answered before and
 * open again (its answer failed, or its interrupt came back) is answered in a round of its own,
 * which every instance reads the same from the stored request.
 */
export function roundOf(request: { status: string; answeredAt?: number }): string | undefined {
  return request.status !== "answered" && request.answeredAt !== undefined ? `after:${request.answeredAt}` : undefined;
}
/**
 * Who answers: the signed-in person or service token the answer runs as (team mode: answerAudited
 * runs every answer under its actor), else this instance — LOUPE_INSTANCE_NAME, or this host and port.
 */
export function answerer(): string {
  const actor = currentActor();
  if (!actor) return thisInstance();
  // A local token used on another instance of the cluster comes named after that instance (lib/launcher/cluster-forward.ts).
  return actor.kind !== "local" || actor.name !== LOCAL_ACTOR.name ? actor.name : thisInstance();
}

/** This instance's name in a claim: LOUPE_INSTANCE_NAME, else this host and port. */
export function thisInstance(): string {
  const named = process.env.LOUPE_INSTANCE_NAME?.trim();
  if (named) return named;
  return `Loupe on ${hostname()}${process.env.LOUPE_PORT ? `:${process.env.LOUPE_PORT}` : ""}`;
}

/**
 * Claims the answer to `target` for `by`: one conditional insert, committed at once (on SQLite the
 * group commit's open batch is committed first, Store.commitNow, so the claim is never held in it; on
 * PostgreSQL that batch commits when the running task ends), so the first of any number of concurrent
 * claims wins on every instance that shares the database. Inside grouped writes or an explicit
 * transaction it commits with them.
 */
export function claimAnswerOnce(store: Store, target: AnswerTarget, by = answerer(), at = Date.now()): ClaimOutcome {
  store.commitNow();
  const round = target.round ?? FIRST_ROUND;
  const won = store
    .prepare(
      "INSERT INTO answer_claims (source, request_id, round, answered_by, answered_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .run(target.source, target.requestId, round, by, at).changes;
  if (won === 1) return { won: true, answeredBy: by, answeredAt: at };
  const row = readClaim(store, target);
  return { won: false, answeredBy: row?.answeredBy ?? "someone else", answeredAt: row?.answeredAt ?? at };
}

/** The 409 a lost claim gets: the route's own `code`, saying who answered and when (also in `details`). */
export function answeredConflict(code: ErrorCode, claim: AnswerClaim): AppError {
  const when = new Date(claim.answeredAt).toISOString();
  return new AppError(code, `This request was already answered by ${claim.answeredBy} at ${when}`, { ...claim });
}

/** Claims the answer or throws the route's own 409 (`code`, e.g. `conflict:approval_already_answered`). */
export function claimAnswer(store: Store, target: AnswerTarget, code: ErrorCode, by?: string): AnswerClaim {
  const { won, ...claim } = claimAnswerOnce(store, target, by);
  if (!won) throw answeredConflict(code, claim);
  return claim;
}

/**
 * Gives a claim back when its answer was not delivered (it did not fit, the peer refused it, the
 * send failed), so the request can be answered again. Only the claim `claim` made is removed.
 */
export function releaseAnswer(store: Store, target: AnswerTarget, claim: AnswerClaim): void {
  store
    .prepare("DELETE FROM answer_claims WHERE source = ? AND request_id = ? AND round = ? AND answered_by = ? AND answered_at = ?")
    .run(target.source, target.requestId, target.round ?? FIRST_ROUND, claim.answeredBy, claim.answeredAt);
}

/** Claims, runs `deliver`, and gives the claim back if `deliver` throws. */
export function answerOnce<T>(store: Store, target: AnswerTarget, code: ErrorCode, deliver: (claim: AnswerClaim) => T): T {
  const claim = claimAnswer(store, target, code);
  try {
    return deliver(claim);
  } catch (error) {
    releaseAnswer(store, target, claim);
    throw error;
  }
}

/** answerOnce for a delivery that awaits (sends to the peer): the claim is given back if it rejects. */
export async function answerOnceAsync<T>(
  store: Store,
  target: AnswerTarget,
  code: ErrorCode,
  deliver: (claim: AnswerClaim) => Promise<T>,
): Promise<T> {
  const claim = claimAnswer(store, target, code);
  try {
    return await deliver(claim);
  } catch (error) {
    releaseAnswer(store, target, claim);
    throw error;
  }
}

/** The claim on a request's round, if it was answered (for a reader that shows who answered). */
export function answerClaimOf(store: Store, target: AnswerTarget): AnswerClaim | undefined {
  return readClaim(store, target);
}

function readClaim(store: Store, target: AnswerTarget): AnswerClaim | undefined {
  // Snake-case columns: PostgreSQL folds an unquoted alias to lower case.
  const row = store
    .prepare<{ answered_by: string; answered_at: number }>(
      "SELECT answered_by, answered_at FROM answer_claims WHERE source = ? AND request_id = ? AND round = ?",
    )
    .get(target.source, target.requestId, target.round ?? FIRST_ROUND);
  return row ? { answeredBy: row.answered_by, answeredAt: Number(row.answered_at) } : undefined;
}

/**
 * The pause an answer reaches at its peer, when more than one of Loupe's saved peers can answer it
 * (two saved ADK agents on one server URL both list the session's pause): each claims it as well as
 * its own request, so only one answer is ever delivered (both were: a reject and an approve to one
 * confirmation). `pause` names it within the peer (an ADK session and its request's key).
 */
export function peerPause(peerUrl: string, pause: string): AnswerTarget {
  return { source: "peer-pause", requestId: `${new URL(peerUrl).origin} ${pause}` };
}

/** Claims the peer's pause (a 409 with `code` when another view answered it); the release, for an answer not delivered. */
export function claimPeerPause(store: Store, pause: AnswerTarget, code: ErrorCode): () => void {
  const claim = claimAnswer(store, pause, code);
  return () => releaseAnswer(store, pause, claim);
}
