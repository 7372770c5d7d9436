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

export function maskStoredAnswer(answer: StoredAnswer): StoredAnswer {
  return { ...answer, answer: maskInterruptAnswer(answer.answer) };
}
