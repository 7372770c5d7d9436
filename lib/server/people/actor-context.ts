import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Actor } from "@/lib/contracts/people";

/**
 * Who is giving the answer being applied now (answerAudited in lib/server/people/index.ts runs each
 * answer under its actor). Its own small module, importing nothing of the server, so that code below
 * every answer route — the store's exactly-once claim (lib/server/inbox/answer-claims.ts) — can read it
 * without an import cycle through the inbox.
 */
const answering = new AsyncLocalStorage<Actor>();

export function currentActor(): Actor | undefined {
  return answering.getStore();
}

/**
 * Who gives the answer being applied now, as an answer kept in flight stores it (its `answeredBy`):
 * should Loupe stop before the peer replies, the sweep at the next start writes the audit's `failed`
 * row under this name (auditStoppedAnswer, lib/server/people/audit-log.ts). Without the e-mail, which
 * the audit does not keep; undefined outside an answer route.
 */
export function answeringActor(): Actor | undefined {
  const actor = currentActor();
  return actor && { kind: actor.kind, name: actor.name, role: actor.role };
}

/** Runs `fn` as `actor`: everything it calls, sync or async, reads that actor from currentActor(). */
export function runAsActor<T>(actor: Actor, fn: () => T): T {
  return answering.run(actor, fn);
}
