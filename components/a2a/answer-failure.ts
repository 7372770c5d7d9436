import { A2A_ANSWER_CUT_OFF } from "@/lib/contracts/a2a";

/** What became of an A2A answer that failed, read from its error's code (the card's title says which). */
export type A2aAnswerFailure = "refused" | "cut_off" | "unreachable" | "unreadable" | "not_sent";

/**
 * Which failure `code` is: Loupe's stop cut the answer off before the agent replied
 * (A2A_ANSWER_CUT_OFF); the agent could not be reached (`upstream:a2a_unreachable`, a timeout); its
 * reply could not be read (`upstream:a2a_protocol`, `upstream:a2a_malformed`); Loupe did not send it
 * (the request answered or stale meanwhile, a bad body, no such request or agent, a role without
 * answers); otherwise the agent refused it (an error it answered with: `upstream:a2a_error`…).
 */
export function a2aAnswerFailure(code: string | undefined): A2aAnswerFailure {
  if (code === A2A_ANSWER_CUT_OFF) return "cut_off";
  if (code === "upstream:a2a_unreachable" || code?.startsWith("timeout:")) return "unreachable";
  if (code === "upstream:a2a_protocol" || code === "upstream:a2a_malformed") return "unreadable";
  const kind = code?.split(":")[0];
  if (code?.startsWith("conflict:a2a_request_") || code === "not_found:a2a_request" || code === "not_found:a2a_agent") return "not_sent";
  if (kind === "bad_request" || kind === "unauthorized" || kind === "forbidden" || kind === "too_large") return "not_sent";
  return "refused";
}

/** The card's title over a failed answer's error: what happened, and what to do next. */
export const A2A_ANSWER_FAILURE_TITLES: Record<A2aAnswerFailure, string> = {
  refused: "The agent refused the answer — fix it and send again (Retry)",
  cut_off: "Loupe stopped before the agent replied — whether the answer reached it is not known: check the task, then send again (Retry)",
  unreachable: "Loupe could not reach the agent — send the answer again once it is up (Retry)",
  unreadable: "The agent's reply to the answer could not be read — check the task, then send again (Retry)",
  not_sent: "Loupe did not send the answer",
};
