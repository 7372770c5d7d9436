// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { A2A_ANSWER_CUT_OFF } from "@/lib/contracts/a2a";
import type { AppErrorBody, ErrorCode } from "@/lib/errors";
import { RecordedRequestCard, type RecordedRequestFields } from "./recorded-request-card";

afterEach(cleanup);

const base: RecordedRequestFields = { id: "r1", kind: "input", status: "failed", createdAt: Date.UTC(2026, 0, 1) };

/** The card of an imported request whose answer failed with `error`: the line that says so. */
function errorLine(error: AppErrorBody): string {
  render(<RecordedRequestCard request={{ ...base, error }} kindLabel="Input" prompt="Which city?" />);
  const text = screen.getByTestId("recorded-request-error").textContent ?? "";
  expect(text).toContain(error.message);
  expect(text).toContain(`(${error.code})`);
  cleanup();
  return text;
}

describe("RecordedRequestCard", () => {
  it("says what became of a failed answer from its error's code, for every protocol it shows (A2A, AG-UI, LangGraph)", () => {
    const refused = "The agent refused the answer";
    // A2A, AG-UI and LangGraph errors the agent answered with: refused.
    expect(errorLine({ code: "upstream:a2a_error", message: "city unknown (-32602)" })).toMatch(new RegExp(`^${refused}: `));
    expect(errorLine({ code: "upstream:agui_run_error", message: "RUN_ERROR: no such city" })).toMatch(new RegExp(`^${refused}: `));
    expect(errorLine({ code: "upstream:langgraph_run_error", message: "ValueError" })).toMatch(new RegExp(`^${refused}: `));

    // Loupe's stop cut it off: A2A's own code, and the restart / take-over codes of AG-UI and LangGraph.
    const cutOff = /^Loupe stopped before the agent replied — whether the answer reached it is not known: /;
    expect(errorLine({ code: A2A_ANSWER_CUT_OFF, message: "Loupe stopped before the agent replied to this answer" })).toMatch(cutOff);
    expect(errorLine({ code: "internal:loupe_restarted", message: "Loupe stopped before this run ended" })).toMatch(cutOff);
    expect(errorLine({ code: "upstream:instance_stopped", message: "Loupe A stopped while this run streamed" })).toMatch(cutOff);

    // The agent could not be reached.
    const unreachable: ErrorCode[] = [
      "upstream:a2a_unreachable",
      "upstream:agui_unreachable",
      "upstream:langgraph_unreachable",
      "timeout:langgraph",
    ];
    for (const code of unreachable) expect(errorLine({ code, message: "ECONNREFUSED" })).toMatch(/^Loupe could not reach the agent: /);

    // Its reply could not be read.
    expect(errorLine({ code: "upstream:a2a_protocol", message: "bad JSON" })).toMatch(
      /^The agent's reply to the answer could not be read: /,
    );
    expect(errorLine({ code: "upstream:agui_not_event_stream", message: "text/html" })).toMatch(
      /^The agent's reply to the answer could not be read: /,
    );

    // Aborted from Loupe, and never sent by Loupe (answered meanwhile, the thread busy, cut off before it went out).
    expect(errorLine({ code: "cancelled:agui_run_aborted", message: "Aborted from Loupe" })).toMatch(
      /^The answer was aborted from Loupe: /,
    );
    const notSent: ErrorCode[] = ["conflict:a2a_request_answered", "conflict:langgraph_thread_busy", "internal:langgraph_answer_not_sent"];
    for (const code of notSent) expect(errorLine({ code, message: "not sent" })).toMatch(/^Loupe did not send the answer: /);
  });

  it("a request without an error has no error line", () => {
    render(<RecordedRequestCard request={{ ...base, status: "answered" }} kindLabel="Input" prompt="Which city?" />);
    expect(screen.queryByTestId("recorded-request-error")).toBeNull();
  });
});
