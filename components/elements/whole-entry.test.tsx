// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { WholeEntry } from "./whole-entry";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("WholeEntry", () => {
  it("says the size and loads the entry whole only when asked", async () => {
    const router = fetchRouter({ "GET /api/entries/42": () => ({ seq: 42, raw: { data: { big: "value-from-server" } } }) });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<WholeEntry seq={42} bytes={2 * 1024 * 1024} label="updates event" />);
    expect(screen.getByTestId("whole-entry").textContent).toContain("too large to show inline");
    expect(router.requests).toHaveLength(0);
    fireEvent.click(screen.getByTestId("whole-entry-load"));
    expect(await screen.findByText(/value-from-server/)).toBeTruthy();
    expect(router.requests.map((r) => r.path)).toEqual(["/api/entries/42"]);
  });
});
