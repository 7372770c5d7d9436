/** What became of an answer that failed, read from its error's code (a card's title says which). */
export type AnswerFailure = "refused" | "cut_off" | "aborted" | "unreachable" | "unreadable" | "not_sent";

/** The codes a stop gives what it cut off, whatever the protocol: this Loupe's (a restart), another instance's (a take-over). */
const STOPPED = new Set(["internal:loupe_restarted", "upstream:instance_stopped"]);

/** Error kinds Loupe gives an answer it would not send (with `conflict`): a bad body, a role without answers, too large. */
const NOT_SENT_KINDS = new Set(["bad_request", "unauthorized", "forbidden", "too_large"]);

/** What a reply that could not be read is called: not the protocol's, not an event stream, a frame that fits no schema, cut. */
const UNREADABLE = /_(protocol|malformed|shape|not_sse|not_event_stream|finished_invalid|run_overlap|stream_cut)$/;

/**
 * Which failure `code` is, for every protocol whose answers fail (the shared tier names none: the
 * codes are read by their kind and their ending):
 * - `cut_off`: a stop of Loupe's cut the answer off before the agent replied (`internal:loupe_restarted`,
 *   `upstream:instance_stopped`, `*:…_cut_off`);
 * - `aborted`: aborted from Loupe (`cancelled:*`, `*:…_aborted`);
 * - `unreachable`: the agent could not be reached (`upstream:unreachable`, `upstream:…_unreachable`, `timeout:*`);
 * - `unreadable`: its reply could not be read (`…_protocol`, `…_malformed`, `…_not_sse`, `…_stream_cut`…);
 * - `not_sent`: Loupe did not send it (`…_not_sent`; a conflict: answered or stale meanwhile, a thread
 *   busy…; no such request, agent or deployment; a bad body, a role without answers);
 * - otherwise `refused`: the agent answered with an error (`upstream:…_error`, `upstream:…_http`,
 *   `upstream:…_not_taken`…), or there is no code.
 * Each protocol's own codes are pinned to their kind in answer-failure.test.ts.
 */
export function answerFailure(code: string | undefined): AnswerFailure {
  if (!code) return "refused";
  const [kind = "", what = ""] = code.split(":", 2);
  if (STOPPED.has(code) || what.endsWith("_cut_off")) return "cut_off";
  if (kind === "cancelled" || what.endsWith("_aborted")) return "aborted";
  if (kind === "timeout" || what === "unreachable" || what.endsWith("_unreachable")) return "unreachable";
  if (UNREADABLE.test(what)) return "unreadable";
  if (what.endsWith("_not_sent") || kind === "conflict" || NOT_SENT_KINDS.has(kind)) return "not_sent";
  // Loupe's own look-ups; a task or thread the agent says it does not have is its words.
  if (kind === "not_found" && /_(request|agent|deployment)$/.test(what)) return "not_sent";
  return "refused";
}

/** What happened to a failed answer, as a title says it (a card adds what to do next). */
export const ANSWER_FAILURE_SAID: Record<AnswerFailure, string> = {
  refused: "The agent refused the answer",
  cut_off: "Loupe stopped before the agent replied — whether the answer reached it is not known",
  aborted: "The answer was aborted from Loupe",
  unreachable: "Loupe could not reach the agent",
  unreadable: "The agent's reply to the answer could not be read",
  not_sent: "Loupe did not send the answer",
};

/** What a card tells the user to do next after each failure, in its own words (its Retry, its form); "" says nothing more. */
export type AnswerFailureNext = Record<AnswerFailure, string>;

/**
 * A failed answer's title on a card: what happened, read from its error's `code` (answerFailure(),
 * ANSWER_FAILURE_SAID), then what to do next as the card words it (`next`: its Retry, what to check
 * first); without `next`, what happened alone (a read-only card).
 */
export function answerFailureTitle(code: string | undefined, next?: AnswerFailureNext): string {
  const failure = answerFailure(code);
  const said = ANSWER_FAILURE_SAID[failure];
  const advice = next?.[failure];
  if (!advice) return said;
  // A sentence that has its dash already (the cut-off one) takes the advice after a colon.
  return `${said}${said.includes(" — ") ? ": " : " — "}${advice}`;
}
