import { describe, expect, it } from "vitest";
import { A2A_ANSWER_CUT_OFF } from "@/lib/contracts/a2a";
import { answerFailure, type AnswerFailure } from "./answer-failure";

/** The codes a failed answer of each protocol carries (lib/server/{a2a,agui,langgraph}/), and what each means. */
const CODES: Record<AnswerFailure, string[]> = {
  refused: [
    "upstream:a2a_error",
    "not_found:a2a_task",
    "upstream:agui_run_error",
    "upstream:agui_http",
    "upstream:langgraph_run_error",
    "upstream:langgraph_http",
    "upstream:langgraph_resume_not_taken",
  ],
  cut_off: [A2A_ANSWER_CUT_OFF, "internal:loupe_restarted", "upstream:instance_stopped"],
  aborted: ["conflict:a2a_aborted", "cancelled:agui_run_aborted", "cancelled:langgraph_run"],
  unreachable: ["upstream:a2a_unreachable", "upstream:agui_unreachable", "upstream:langgraph_unreachable", "timeout:langgraph"],
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
