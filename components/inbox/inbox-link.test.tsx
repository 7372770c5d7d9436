// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { InboxLink } from "./inbox-link";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// As GET /api/inbox lists them, whatever their source: one waits, one was answered.
const rows = [
  { source: "adk", id: "i1", kind: "input", status: "pending", createdAt: 1 },
  { source: "langgraph", id: "i2", status: "answered", createdAt: 2 },
];

function setup(active: boolean) {
  vi.stubGlobal("fetch", fetchRouter({ "GET /api/inbox": () => rows }).fetch);
  const onOpen = vi.fn();
  renderWithClient(<InboxLink active={active} onOpen={onOpen} />);
  return onOpen;
}

const classes = (el: Element) => el.className.split(/\s+/);

describe("InboxLink", () => {
  it("counts what waits, from every source, and opens the inbox", async () => {
    const onOpen = setup(false);
    expect((await screen.findByTestId("inbox-count")).getAttribute("data-count")).toBe("1");
    fireEvent.click(screen.getByTestId("inbox-link"));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it("reads selected when the inbox is open; otherwise its hover is lighter than the selected style", () => {
    setup(true);
    expect(classes(screen.getByTestId("inbox-link"))).toContain("bg-accent");
    cleanup();
    setup(false);
    expect(classes(screen.getByTestId("inbox-link"))).not.toContain("bg-accent");
    expect(classes(screen.getByTestId("inbox-link"))).not.toContain("hover:bg-accent");
  });
});
