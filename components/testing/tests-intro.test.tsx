// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { SAVE_CASE_LABEL } from "@/components/elements/save-case";
import { SAVE_CASE_PLACES } from "@/components/protocols/registry";
import { TestsIntro } from "./tests-main";

afterEach(cleanup);

describe("the Tests view's empty state", () => {
  it("names every protocol's place to save a case, from the protocol registry", () => {
    render(<TestsIntro />);
    const text = screen.getByTestId("tests-intro").textContent ?? "";
    for (const words of ["MCP tool call", "ADK session", "playground conversation", "A2A task", "AG-UI thread", "LangGraph thread"])
      expect(text).toContain(words);
    for (const place of SAVE_CASE_PLACES) expect(text).toContain(place);
  });

  it("names the button as the button says it (Save as case), as the save dialog's title does", () => {
    render(<TestsIntro />);
    const text = screen.getByTestId("tests-intro").textContent ?? "";
    expect(text).toContain("use Save as case on");
    expect(text).not.toContain("Save as test case");
    expect(SAVE_CASE_LABEL).toBe("Save as case");
  });
});
