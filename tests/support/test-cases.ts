import type { CaseResult } from "@/lib/contracts/testing";
import { caseOutcomeSchema } from "@/lib/contracts/testing";

/** A recorded outcome any test case can carry. */
export const OK_OUTCOME = caseOutcomeSchema.parse({ result: { text: "ok" } });

/** The body of a saved MCP test case named `name` (no steps: what the store keeps, not what a replay runs). */
export const caseBody = (name: string) => ({
  name,
  protocol: "mcp",
  target: { kind: "saved" as const, id: "c" },
  steps: [],
  answers: [],
  recorded: OK_OUTCOME,
  assertions: [],
});

/** A passing result of one repetition of a case. */
export const caseResult = (caseId: string, repetition: number): CaseResult => ({
  caseId,
  caseName: caseId,
  repetition,
  status: "pass",
  reason: "ok",
  pauseFailures: [],
  assertions: [],
  outcome: OK_OUTCOME,
  durationMs: 1,
});
