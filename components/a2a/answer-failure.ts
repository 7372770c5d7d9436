import { answerFailureTitle, type AnswerFailureNext } from "@/lib/workbench/answer-failure";

/** What to do next after each failure, on the live card (a Retry sends the answer again). */
const NEXT: AnswerFailureNext = {
  refused: "fix it and send again (Retry)",
  cut_off: "check the task, then send again (Retry)",
  aborted: "check the task, then send it again (Retry)",
  unreachable: "send the answer again once it is up (Retry)",
  unreadable: "check the task, then send again (Retry)",
  not_sent: "",
};

/**
 * The A2A card's title over a failed answer's error: what happened, read from its code as every
 * protocol's card reads it (answerFailureTitle(), lib/workbench/answer-failure.ts: the agent refused
 * it, Loupe's stop cut it off — A2A_ANSWER_CUT_OFF —, the agent was out of reach, its reply
 * unreadable, Loupe did not send it…), and what to do next.
 */
export function a2aAnswerFailureTitle(code: string | undefined): string {
  return answerFailureTitle(code, NEXT);
}
