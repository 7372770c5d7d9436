import "server-only";
import { ACTOR_HEADER, decodeActor, LOCAL_ACTOR, type Actor } from "@/lib/contracts/people";
import { getInbox } from "@/lib/server/inbox";
import { processWide } from "@/lib/server/process-wide";
import { AuditLog, type AuditAnswer } from "@/lib/server/people/audit-log";
import { runAsActor } from "@/lib/server/people/actor-context";
import { PeopleDirectory } from "@/lib/server/people/directory";
import { getStore } from "@/lib/server/store";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/**
 * The process's people directory, on globalThis under `loupe.people`: the launcher's gate
 * (lib/launcher/team/) finds it there, since it cannot import a server module. Boot creates it.
 */
export function getPeople(): PeopleDirectory {
  return processWide(Symbol.for("loupe.people"), () => new PeopleDirectory(getStore(), Date.now, sessionTtl()));
}

export function getAuditLog(): AuditLog {
  return processWide(Symbol.for("loupe.audit"), () => new AuditLog(getStore()));
}

function sessionTtl(): number {
  const hours = Number(process.env.LOUPE_SESSION_HOURS);
  return Number.isFinite(hours) && hours > 0 ? Math.min(hours, 24 * 30) * 3_600_000 : 12 * 3_600_000;
}

/** Whether sign-in and roles are on (the launcher says so in LOUPE_TEAM). */
export function teamMode(): boolean {
  return process.env.LOUPE_TEAM === "1";
}

/**
 * Who made this request, as the launcher's gate found it (a signed-in person, a service token, the
 * launch token). A request that did not pass the gate (a test calling a route) is the local token.
 */
export function actorOf(req: Request): Actor {
  return decodeActor(req.headers.get(ACTOR_HEADER)) ?? LOCAL_ACTOR;
}

export { currentActor } from "@/lib/server/people/actor-context";

/**
 * The one helper every answer path calls (MCP requests, ADK answers, A2A, AG-UI, LangGraph, the
 * approvals desk): runs the answer and, once it is applied, writes who gave it and when to the audit
 * log. A refused answer (stale, answered already, a bad body) is not recorded: it changed nothing.
 * What to write may be known only later (a promise: whether the peer took the answer, which it can
 * say after the route has replied): it is written when it settles, as the same actor, and the reply
 * does not wait for it.
 */
export async function answerAudited<T>(
  req: Request,
  what: AuditAnswer | ((result: T) => AuditAnswer | Promise<AuditAnswer>),
  answer: () => T | Promise<T>,
  /** An answer that was sent and refused by the peer (it threw after reaching it): the row to write, if any. */
  refused?: (error: unknown) => AuditAnswer | undefined,
): Promise<T> {
  const actor = actorOf(req);
  let result: T;
  try {
    result = await runAsActor(actor, answer);
  } catch (error) {
    const failed = refused?.(error);
    if (failed) writeAudited(actor, failed);
    throw error;
  }
  try {
    const outcome = typeof what === "function" ? what(result) : what;
    if (outcome instanceof Promise) void outcome.then((known) => writeAudited(actor, known), auditFailed);
    else writeAudited(actor, outcome);
  } catch (error) {
    auditFailed(error);
  }
  return result;
}

function writeAudited(actor: Actor, what: AuditAnswer): void {
  try {
    const log = getAuditLog();
    log.sweepRaised(getInbox().list());
    log.record(actor, what);
  } catch (error) {
    auditFailed(error);
  }
}

/** The answer is applied: a log that cannot be written is said in Loupe's log, not as a failed answer. */
function auditFailed(error: unknown): void {
  logLine("[loupe] the audit log could not record an answer:", errorMessage(error));
}
