// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Bundle } from "@/lib/contracts/bundle";
import { bundleSchema } from "@/lib/contracts/bundle";
import { summaryOf } from "@/lib/testing/bundle-summary";
import { installLayout, layout } from "@/components/adk/timeline/test-support";
import { AguiRunView } from "./agui-run-view";

// Exported by tests/integration/bundle-a2a-agui.test.ts (LOUPE_CAPTURE_BUNDLES=1) from the demo
// AG-UI agent on one thread: "book it" (the agent calls the front-end tool confirm_booking, answered
// { confirmed: true, note }), then the showcase run (state snapshot and two deltas) after the answer's run.
const load = (name: string): Bundle =>
  bundleSchema.parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/bundles", name), "utf8")));
const booking = load("agui-run.loupe.json");
const showcase = load("agui-run-state.loupe.json");

beforeAll(() => {
  installLayout();
  layout.viewport = 20_000; // every item of the run in the window
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderView(bundle: Bundle) {
  const fetch = vi.fn(() => Promise.reject(new Error("a read-only view must not fetch")));
  vi.stubGlobal("fetch", fetch);
  render(<AguiRunView bundle={bundle} summary={summaryOf(bundle)} />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.scroll(screen.getByTestId("agui-items"));
  });
  return { fetch };
}

describe("AguiRunView — an imported run, read-only", () => {
  it("the run that called a front-end tool: the timeline shows the call with the recorded request and its answer in place", async () => {
    const { fetch } = await renderView(booking);
    expect(screen.getByTestId("agui-run-status").dataset.status).toBe("finished");
    const call = screen.getAllByTestId("agui-tool-call").find((c) => c.dataset.tool === "confirm_booking")!;
    expect(within(call).getByTestId("agui-tool-args").textContent).toContain("Hotel Aurora");
    const request = within(call).getByTestId("recorded-request");
    expect(request.dataset.status).toBe("answered");
    expect(within(request).getByTestId("recorded-request-answer").textContent).toContain("late check-in");
    // No answer form, no run form, no bundle export of a bundle; the events' own JSON export stays.
    expect(within(request).queryByRole("button")).toBeNull();
    for (const id of ["agui-request-card", "agui-export-bundle", "agui-run-form"]) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId("agui-export").textContent).toContain("Export events JSON");
    fireEvent.click(screen.getByTestId("agui-view-tab-requests"));
    expect(screen.getAllByTestId("recorded-request")).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("filters and searches the run's events like the live timeline", async () => {
    await renderView(showcase);
    fireEvent.click(screen.getByTestId("agui-filter-tools"));
    expect(screen.getAllByTestId("agui-item").map((i) => i.dataset.kind)).toEqual(["tool_call"]);
    fireEvent.click(screen.getByTestId("agui-mode-events"));
    fireEvent.change(screen.getByTestId("agui-timeline-search"), { target: { value: "STATE_DELTA" } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
      fireEvent.scroll(screen.getByTestId("agui-events"));
    });
    expect(screen.getAllByTestId("agui-event-row")).toHaveLength(2);
    expect(screen.getByTestId("agui-timeline-count").textContent).toBe(
      `2 of ${showcase.entries.filter((e) => e.kind === "agui_event").length}`,
    );
  });

  it("the state and messages before and after the run: what changed, then both whole", async () => {
    await renderView(showcase);
    fireEvent.click(screen.getByTestId("agui-view-tab-state"));
    const rows = screen.getAllByTestId("agui-diff-row");
    expect(rows.find((r) => r.dataset.path === "/trip")?.dataset.change).toBe("added");
    expect(rows.find((r) => r.dataset.path === "/booking")?.dataset.change).toBe("removed");
    expect(within(screen.getByTestId("agui-state-before")).getByTestId("agui-state-json").textContent).toContain("late check-in");
    expect(within(screen.getByTestId("agui-state-after")).getByTestId("agui-state-json").textContent).toContain("sunny");
    fireEvent.click(screen.getByTestId("agui-view-tab-messages"));
    expect(within(screen.getByTestId("agui-messages-before")).getByRole("heading").textContent).toBe("Before the run (5)");
    expect(within(screen.getByTestId("agui-messages-after")).getByRole("heading").textContent).toBe("After the run (8)");
  });
});
