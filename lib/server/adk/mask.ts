import "server-only";
import type { InterruptAnswer, StoredAnswer } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";

/**
 * ADK's own answer masking: the secret fields of an interrupt answer. Header and credential masking
 * for every peer is the shared core's (lib/server/secrets.ts).
 */
export function maskInterruptAnswer(answer: InterruptAnswer): InterruptAnswer {
  if (answer.kind === "credential") return { ...answer, apiKey: SECRET_MASK };
  // The redirect URL carries the OAuth authorization code.
  if (answer.kind === "credential_oauth") return { ...answer, authResponseUri: SECRET_MASK };
  return answer;
}

/** An answer as it leaves the store (the route's reply, the inbox): its secrets masked, who gave it left out (the audit log says that). */
export function maskStoredAnswer(answer: StoredAnswer): StoredAnswer {
  const { answeredBy: _answeredBy, ...shown } = answer;
  return { ...shown, answer: maskInterruptAnswer(answer.answer) };
}
