// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "@/components/elements/markdown-view";

describe("MarkdownView", () => {
  it("renders GitHub tables (the demo itinerary), and never renders raw HTML", () => {
    const md = "# Trip\n\n| # | from | to |\n|---|---|---|\n| 1 | LIS | MAD |\n\n<img src=x onerror=alert(1)>";
    render(<MarkdownView markdown={md} />);
    const view = screen.getByTestId("markdown-view");
    const table = within(view).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["#", "from", "to"]);
    expect(
      within(table)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual(["1", "LIS", "MAD"]);
    expect(view.querySelector("img")).toBeNull();
  });
});
