// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { InterruptAnswer, StoredAnswer } from "@/lib/contracts/agents";
import { confirmationResponse, inputResponse } from "@/lib/protocols/adk/answers";
import { requestMessage, sessionFixture, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { userMessageEvent } from "@/lib/protocols/adk/session";
import type { AdkContent } from "@/lib/protocols/adk/types";
import { InterruptCard } from "./interrupt-card";
import { failedAnswer, itemFrom, itemsOf, refusedItem, runOf } from "./test-items";

afterEach(cleanup);

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const button = (testId: string) => screen.getByTestId<HTMLButtonElement>(testId);

function setup(item: Parameters<typeof InterruptCard>[0]["item"], extra: Partial<Parameters<typeof InterruptCard>[0]> = {}) {
  const onAnswer = vi.fn<(answer: InterruptAnswer) => void>();
  render(<InterruptCard item={item} onAnswer={onAnswer} {...extra} />);
  return onAnswer;
}

describe("InterruptCard — confirmation", () => {
  it("36: approving an edited payload emits it exactly, and it becomes capture 37's request", () => {
    const item = itemFrom(["36"], "confirmation");
    const onAnswer = setup(item);
    const card = screen.getByTestId("interrupt-card");
    expect(card.dataset).toMatchObject({ kind: "confirmation", status: "pending" });
    expect(screen.getByTestId("interrupt-status").dataset.status).toBe("pending");
    expect(screen.getByTestId("original-call").textContent).toContain("transfer_money_gated");
    expect(screen.getByTestId("interrupt-source").textContent).toContain("Demo agent › inspector_demo › s_full");
    const payload = screen.getByTestId<HTMLTextAreaElement>("confirmation-payload");
    expect(payload.value).toBe('{\n  "amount": 100\n}');
    // Odd spacing stays as typed: the text is never re-formatted.
    type(payload, '{ "approver" :  "alice" }');
    expect(payload.value).toBe('{ "approver" :  "alice" }');
    fireEvent.click(button("approve"));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    const answer = onAnswer.mock.calls[0]![0];
    expect(answer).toEqual({ kind: "confirmation", confirmed: true, payload: { approver: "alice" } });
    if (answer.kind !== "confirmation") throw new Error("kind");
    expect(confirmationResponse(item, answer.confirmed, answer.payload)).toEqual(requestMessage("37"));
  });

  it("32: reject emits confirmed:false without a payload (capture 33)", () => {
    const item = itemFrom(["32"], "confirmation");
    const onAnswer = setup(item);
    fireEvent.click(button("reject"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "confirmation", confirmed: false }]]);
    expect(confirmationResponse(item, false)).toEqual(requestMessage("33"));
  });

  it("21: invalid JSON blocks Approve and shows the parse error", () => {
    const onAnswer = setup(itemFrom(["21"], "confirmation"));
    type(screen.getByTestId("confirmation-payload"), '{"path": ');
    expect(button("approve").disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toMatch(/^Invalid JSON/);
    fireEvent.click(button("approve"));
    expect(onAnswer).not.toHaveBeenCalled();
    // Reject needs no payload, so a broken payload does not block it.
    expect(button("reject").disabled).toBe(false);
  });

  it("sending disables both buttons and shows a spinner", () => {
    setup(itemFrom(["21"], "confirmation"), { sending: true });
    expect(button("approve").disabled).toBe(true);
    expect(button("reject").disabled).toBe(true);
    expect(screen.getAllByTestId("answer-sending").length).toBeGreaterThan(0);
  });

  it("26: an answered confirmation (stored session) shows the answer read-only, no form", () => {
    const answered = itemsOf(sessionFixture("26_get_session_full.json").events).find(
      (i) => i.kind === "confirmation" && i.status === "answered",
    );
    if (!answered) throw new Error("no answered confirmation");
    setup(answered);
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("answered");
    expect(screen.getByTestId("answered-value").textContent).toContain('"confirmed": true');
    expect(screen.queryByTestId("approve")).toBeNull();
    expect(screen.queryByTestId("confirmation-payload")).toBeNull();
  });

  it("30 then 32: the session moved past 30's confirmation — stale, no form", () => {
    const stale = itemsOf([...sseEvents("30"), ...runOf("32")]).find((i) => i.status === "stale");
    if (!stale) throw new Error("no stale interrupt");
    setup(stale);
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("stale");
    expect(screen.getByTestId("stale-note").textContent).toBe("The session moved on without this answer.");
    expect(screen.queryByTestId("approve")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("a failed answer shows its error; Retry calls onRetry without retyping", () => {
    const base = itemFrom(["21"], "confirmation");
    const sent: InterruptAnswer = { kind: "confirmation", confirmed: true, payload: { path: "/tmp/other.log" } };
    const item = {
      ...base,
      lastAnswer: failedAnswer(base, sent, { code: "upstream:adk_run", message: "IntentMismatchError: arguments_mismatch" }),
    };
    const onRetry = vi.fn();
    const onAnswer = setup(item, { onRetry });
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("failed");
    const error = screen.getByTestId("answer-error").textContent ?? "";
    expect(error).toContain("upstream:adk_run");
    expect(error).toContain("IntentMismatchError: arguments_mismatch");
    fireEvent.click(button("retry-answer"));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onAnswer).not.toHaveBeenCalled();
    // Changing the answer instead starts from what was sent, not from the original payload.
    expect(screen.getByTestId<HTMLTextAreaElement>("confirmation-payload").value).toBe('{\n  "path": "/tmp/other.log"\n}');
  });

  it("an answer the agent stored and then refused shows failed with its words and Retry, never Answered", () => {
    const base = refusedItem();
    expect(base).toMatchObject({ status: "answered", answerTaken: false, answeredByEventId: "u-31" });
    const message = "Tool confirmation rejected for function call 'adk-x': confirmation_not_required.";
    const item = {
      ...base,
      lastAnswer: failedAnswer(base, { kind: "confirmation", confirmed: true }, { code: "upstream:agent_stream_error", message }),
    };
    const onRetry = vi.fn();
    setup(item, { onRetry });
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("failed");
    expect(screen.getByTestId("interrupt-status").textContent).toBe("Failed");
    expect(screen.queryByTestId("answered-value")).toBeNull();
    expect(screen.getByTestId("answer-error").textContent).toContain(message);
    fireEvent.click(button("retry-answer"));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("the failed answer's title says what became of it: refused, cut off by Loupe's stop, the agent server out of reach", () => {
    const base = refusedItem();
    const titleOf = (error: NonNullable<StoredAnswer["error"]>, withRetry = true) => {
      const item = { ...base, lastAnswer: failedAnswer(base, { kind: "confirmation", confirmed: true }, error) };
      setup(item, withRetry ? { onRetry: vi.fn() } : {});
      const box = screen.getByTestId("answer-error");
      expect(box.textContent).toContain(error.message);
      const title = box.querySelector("span")?.textContent ?? "";
      cleanup();
      return title;
    };
    const refusal = { code: "upstream:agent_stream_error", message: "confirmation_not_required" } as const;
    expect(titleOf(refusal)).toBe("The agent refused the answer — change the answer below, or send it again (Retry)");
    const cut = titleOf({ code: "internal:loupe_restarted", message: "Loupe stopped before this finished" });
    expect(cut).toBe(
      "Loupe stopped before the agent replied — whether the answer reached it is not known: check the session, then send it again (Retry) or change the answer below",
    );
    const unreachable = titleOf({ code: "upstream:unreachable", message: "cannot reach http://x: connection refused" });
    expect(unreachable).toBe("Loupe could not reach the agent — once it is up, send it again (Retry) or change the answer below");
    expect(titleOf({ code: "timeout:agent_server", message: "http://x did not answer within 30 s" })).toBe(unreachable);
    for (const title of [cut, unreachable]) expect(title).not.toMatch(/refused|could not be delivered/);
    // No Retry to offer: what became of it alone.
    expect(titleOf(refusal, false)).toBe("The agent refused the answer");
  });

  it("a refused answer the user has since moved past (a new user turn) is Stale, with no Retry", () => {
    const refused = userMessageEvent(requestMessage("31") as AdkContent, {
      id: "u-31",
      invocationId: "e-refused",
      timestamp: 1795257300000,
    });
    const turn = userMessageEvent(
      { role: "user", parts: [{ text: "never mind" }] },
      { id: "u-32", invocationId: "e-next", timestamp: 1795257300100 },
    );
    const base = itemsOf([...sseEvents("30"), refused, turn]).find((i) => i.kind === "confirmation")!;
    const item = {
      ...base,
      lastAnswer: failedAnswer(
        base,
        { kind: "confirmation", confirmed: true },
        { code: "upstream:agent_stream_error", message: "refused" },
      ),
    };
    setup(item);
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("stale");
    expect(screen.queryByTestId("retry-answer")).toBeNull();
  });

  it("an answer the agent acted on stays Answered even after an earlier failed send", () => {
    const stored = { id: "u-31", invocationId: "e-ok", author: "user", timestamp: 1795257300000, content: requestMessage("31") };
    const reply = {
      id: "a-1",
      invocationId: "e-ok",
      author: "inspector_demo",
      timestamp: 1795257300001,
      content: { role: "model", parts: [{ text: "done" }] },
    };
    const base = itemsOf([...sseEvents("30"), stored, reply]).find((i) => i.kind === "confirmation")!;
    const item = {
      ...base,
      lastAnswer: failedAnswer(base, { kind: "confirmation", confirmed: true }, { code: "upstream:agent_run", message: "timeout" }),
    };
    setup(item);
    expect(screen.getByTestId("interrupt-card").dataset.status).toBe("answered");
  });

  it("compact drops the source line (the session view already shows it)", () => {
    setup(itemFrom(["21"], "confirmation"), { compact: true });
    expect(screen.queryByTestId("interrupt-source")).toBeNull();
    expect(screen.getByTestId("approve")).toBeTruthy();
  });

  it("onOpenSession is offered as a link", () => {
    const onOpenSession = vi.fn();
    setup(itemFrom(["21"], "confirmation"), { onOpenSession });
    fireEvent.click(screen.getByTestId("open-session"));
    expect(onOpenSession).toHaveBeenCalledTimes(1);
  });
});

describe("InterruptCard — input", () => {
  it("50: the workflow form validates against response_schema and emits capture 51's object", () => {
    const item = itemFrom(["50"], "input", { appName: "workflow_demo", sessionId: "w1" });
    const onAnswer = setup(item);
    expect(screen.getByTestId("input-message").textContent).toBe("What is your favorite color?");
    expect(screen.getByTestId("input-payload").textContent).toContain('"previousInput": "start"');
    fireEvent.click(button("submit-input"));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByTestId("input-invalid")).toBeTruthy();
    type(screen.getByRole("textbox", { name: /color/ }), "green");
    fireEvent.click(button("submit-input"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "input", value: { color: "green" } }]]);
    expect(inputResponse(item, { color: "green" })).toEqual(requestMessage("51"));
  });

  it("50: one switch says how to answer — Form, JSON or Free text — not two stacked toggles (issue 23)", () => {
    setup(itemFrom(["50"], "input"));
    const groups = () => screen.getAllByRole("group");
    expect(groups()).toHaveLength(1);
    expect(groups()[0]!.textContent).toBe("FormJSONFree text");
    fireEvent.click(screen.getByTestId("input-mode-text"));
    expect(groups()).toHaveLength(1);
    expect(screen.getByTestId("input-free-text")).toBeTruthy();
    fireEvent.click(screen.getByTestId("input-mode-form"));
    expect(groups()).toHaveLength(1);
    expect(screen.getByRole("textbox", { name: /color/ })).toBeTruthy();
  });

  it("50: free text is sent as a bare value", () => {
    const onAnswer = setup(itemFrom(["50"], "input"));
    fireEvent.click(screen.getByTestId("input-mode-text"));
    type(screen.getByTestId("input-free-text"), "purple");
    fireEvent.click(button("submit-input"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "input", value: "purple" }]]);
  });

  it("without a schema only free text is offered", () => {
    const { schema: _schema, ...item } = itemFrom(["50"], "input");
    const onAnswer = setup(item);
    expect(screen.queryByTestId("input-mode-form")).toBeNull();
    expect(button("submit-input").disabled).toBe(true);
    type(screen.getByTestId("input-free-text"), "blue");
    fireEvent.click(button("submit-input"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "input", value: "blue" }]]);
  });

  it("a non-object schema is edited as {result} and sent as the bare value", () => {
    const item = { ...itemFrom(["50"], "input"), schema: { type: "integer", minimum: 1 } };
    const onAnswer = setup(item);
    type(screen.getByRole("textbox", { name: /result/ }), "0");
    fireEvent.click(button("submit-input"));
    expect(onAnswer).not.toHaveBeenCalled();
    type(screen.getByRole("textbox", { name: /result/ }), "3");
    fireEvent.click(button("submit-input"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "input", value: 3 }]]);
  });
});
