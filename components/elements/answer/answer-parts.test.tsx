// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { AnswerModeSwitch, FreeTextAnswer } from "./answer-parts";
import { useSchemaAnswer } from "./use-schema-answer";

afterEach(cleanup);

const SCHEMA = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

describe("useSchemaAnswer", () => {
  it("shows the schema's issues only once a send was tried, and lets a valid value through", () => {
    const { result } = renderHook(() => useSchemaAnswer(SCHEMA, () => ({}), true));
    expect(result.current.check.ok).toBe(false);
    expect(result.current.errors).toEqual([]);
    let sent = true;
    act(() => {
      sent = result.current.attempt();
    });
    expect(sent).toBe(false);
    expect(result.current.errors.length).toBeGreaterThan(0);
    act(() => result.current.setValue({ city: "Lyon" }));
    act(() => {
      sent = result.current.attempt();
    });
    expect(sent).toBe(true);
    expect(result.current.errors).toEqual([]);
  });

  it("blocks a send while the form's JSON view holds text that is not a value, and checks nothing when inactive", () => {
    const { result } = renderHook(() => useSchemaAnswer(SCHEMA, () => ({ city: "Lyon" }), true));
    act(() => result.current.setDraftError("Invalid JSON"));
    let sent = true;
    act(() => {
      sent = result.current.attempt();
    });
    expect(sent).toBe(false);
    const inactive = renderHook(() => useSchemaAnswer(SCHEMA, () => ({}), false));
    expect(inactive.result.current.check.ok).toBe(true);
  });
});

describe("AnswerModeSwitch and FreeTextAnswer", () => {
  it("marks the chosen mode and reports another; the free text is labelled Answer with its note", () => {
    const onMode = vi.fn();
    const onText = vi.fn();
    render(
      <>
        <AnswerModeSwitch
          modes={["form", "text"]}
          labels={{ form: "Form", text: "Free text" }}
          value="form"
          onChange={onMode}
          testIdPrefix="m-"
        />
        <FreeTextAnswer id="t" testId="free" value="" onChange={onText} disabled={false} note="Sent as text." />
      </>,
    );
    expect(screen.getByTestId("m-form").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("m-text"));
    expect(onMode).toHaveBeenCalledWith("text");
    fireEvent.change(screen.getByLabelText("Answer"), { target: { value: "Paris" } });
    expect(onText).toHaveBeenCalledWith("Paris");
    expect(screen.getByText("Sent as text.")).toBeTruthy();
  });
});
