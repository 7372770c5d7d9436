// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { VirtualList } from "./virtual-list";

afterEach(cleanup);

describe("VirtualList", () => {
  it("says its empty text (with its test id) when there are no rows", () => {
    render(<VirtualList testId="list" rows={[]} estimate={20} empty="Nothing yet." emptyTestId="list-empty" render={() => null} />);
    expect(screen.getByTestId("list").dataset.count).toBe("0");
    expect(screen.getByTestId("list-empty").textContent).toBe("Nothing yet.");
  });

  it("holds every row's height in one scroll box, counting the rows, without the empty text", () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ key: i, text: `row ${i}` }));
    render(
      <VirtualList
        testId="list"
        rows={rows}
        estimate={(row) => (row.key % 2 ? 30 : 10)}
        empty="Nothing yet."
        render={(row) => <p>{row.text}</p>}
      />,
    );
    const list = screen.getByTestId("list");
    expect(list.dataset.count).toBe("500");
    expect(screen.queryByText("Nothing yet.")).toBeNull();
    // Nothing is laid out here, so only the estimates make the height: 250 × 10 + 250 × 30.
    expect(list.firstElementChild?.getAttribute("style")).toContain("height: 10000px");
  });
});
