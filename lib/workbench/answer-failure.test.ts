import { describe, expect, it } from "vitest";
import { A2A_ANSWER_CUT_OFF } from "@/lib/contracts/a2a";
import { answerFailure, answerFailureTitle, type AnswerFailure, type AnswerFailureNext } from "./answer-failure";

/** The codes a failed answer of each protocol carries (lib/server/{a2a,adk,agui,langgraph}/), and what each means. */
const CODES: Record<AnswerFailure, string[]> = {
  refused: [
    "upstream:a2a_error",
    "not_found:a2a_task",
    "upstream:agui_run_error",
    "upstream:agui_http",
    "upstream:langgraph_run_error",
    "upstream:langgraph_http",
    "upstream:langgraph_resume_not_taken",
    "upstream:agent_stream_error",
    "upstream:agent_http",
  ],
  cut_off: [A2A_ANSWER_CUT_OFF, "internal:loupe_restarted", "upstream:instance_stopped"],
  aborted: ["conflict:a2a_aborted", "cancelled:agui_run_aborted", "cancelled:langgraph_run", "cancelled:agent_request"],
  unreachable: [
    "upstream:a2a_unreachable",
    "upstream:agui_unreachable",
    "upstream:langgraph_unreachable",
    "timeout:langgraph",
    "upstream:unreachable",
    "timeout:agent_server",
  ],
  unreadable: [
    "upstream:a2a_protocol",
    "upstream:a2a_malformed",
    "upstream:agui_not_event_stream",
    "upstream:agui_run_finished_invalid",
    "upstream:agui_run_overlap",
    "upstream:agui_stream_cut",
    "upstream:langgraph_not_sse",
    "upstream:langgraph_shape",
    "upstream:langgraph_stream_cut",
  ],
  not_sent: [
    "conflict:a2a_request_answered",
    "conflict:a2a_request_stale",
    "not_found:a2a_request",
    "not_found:a2a_agent",
    "bad_request:answer_kind",
    "forbidden:role",
    "conflict:agui_thread_busy",
    "conflict:langgraph_thread_busy",
    "conflict:langgraph_no_assistant",
    "internal:langgraph_answer_not_sent",
  ],
};

describe("answerFailure", () => {
  it("reads every protocol's failed-answer codes by their kind and ending", () => {
    const read = Object.fromEntries(
      Object.values(CODES)
        .flat()
        .map((code) => [code, answerFailure(code)]),
    );
    const expected = Object.fromEntries(Object.entries(CODES).flatMap(([failure, codes]) => codes.map((code) => [code, failure])));
    expect(read).toEqual(expected);
  });

  it("an error without a code, or one it does not know, is the agent's refusal", () => {
    expect(answerFailure(undefined)).toBe("refused");
    expect(answerFailure("internal:error")).toBe("refused");
  });
});

describe("answerFailureTitle", () => {
  const next: AnswerFailureNext = {
    refused: "fix it",
    cut_off: "check first",
    aborted: "send again",
    unreachable: "wait",
    unreadable: "look",
    not_sent: "",
  };

  it("says what happened, then the card's next step: after a colon when the sentence has its dash already", () => {
    expect(answerFailureTitle("upstream:agui_run_error", next)).toBe("The agent refused the answer — fix it");
    expect(answerFailureTitle("internal:loupe_restarted", next)).toBe(
      "Loupe stopped before the agent replied — whether the answer reached it is not known: check first",
    );
  });

  it("a failure the card has no next step for, or a card without any, says what happened alone", () => {
    expect(answerFailureTitle("conflict:agui_thread_busy", next)).toBe("Loupe did not send the answer");
    expect(answerFailureTitle("upstream:langgraph_unreachable")).toBe("Loupe could not reach the agent");
  });
});
