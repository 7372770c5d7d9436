import { AnswerBody } from "@/lib/contracts/agents";

/** POST /api/agents/:id/answers: which interrupt, and the user's answer to it. */
export const answerBody = AnswerBody;
