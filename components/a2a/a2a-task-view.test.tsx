// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Bundle } from "@/lib/contracts/bundle";
import { bundleSchema } from "@/lib/contracts/bundle";
import { summaryOf } from "@/lib/testing/bundle-summary";
import { A2aTaskView } from "./a2a-task-view";

// Exported by tests/integration/bundle-a2a-agui.test.ts (LOUPE_CAPTURE_BUNDLES=1) from the demo A2A
// agent: an `ask` task, input-required, answered "Bergen" through the inbox, push webhook registered.
const bundle: Bundle = bundleSchema.parse(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/bundles/a2a-task.loupe.json"), "utf8")),
);
const summary = summaryOf(bundle, { fileName: "a2a-task.loupe.json" });

/** happy-dom lays nothing out: the scroller gets a height and each measured row one, so the virtualizer renders a window. */
beforeAll(() => {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => 4000 });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 1000 });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? 40 : 0;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderView() {
  const fetch = vi.fn(() => Promise.reject(new Error("a read-only view must not fetch")));
  vi.stubGlobal("fetch", fetch);
  render(<A2aTaskView bundle={bundle} summary={summary} />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.scroll(screen.getByTestId("a2a-timeline"));
  });
  return { fetch };
}

describe("A2aTaskView — an imported task, read-only", () => {
  it("shows the task's record, state path, messages and artifact from the bundle, with nothing that reaches the agent", async () => {
    const { fetch } = await renderView();
    const view = screen.getByTestId("a2a-task-view");
    expect(view.dataset.state).toBe("completed");
    expect(within(screen.getByTestId("a2a-task-header")).getByText("Forecast for Bergen (3 days).")).toBeTruthy();
    const states = screen.getAllByTestId("a2a-state-step").map((s) => s.dataset.state);
    expect(states).toEqual(expect.arrayContaining(["input-required", "working", "completed"]));
    expect(states.indexOf("input-required")).toBeLessThan(states.lastIndexOf("completed"));
    const bubbles = screen.getAllByTestId("a2a-message-bubble");
    expect(bubbles.some((b) => b.dataset.role === "user" && b.textContent === "Bergen")).toBe(true);
    expect(within(screen.getByTestId("a2a-artifacts")).getByText("forecast")).toBeTruthy();
    // Every entry of the bundle is a row of the timeline.
    expect(screen.getAllByTestId("a2a-timeline-row")).toHaveLength(bundle.entries.length);
    // No live actions and no answer form.
    for (const id of [
      "a2a-task-refresh",
      "a2a-task-cancel",
      "a2a-task-resubscribe",
      "a2a-task-push",
      "a2a-request-card",
      "a2a-export-bundle",
    ])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the human request read-only with its status and the answer that was given", async () => {
    await renderView();
    const requests = screen.getAllByTestId("recorded-request");
    expect(requests).toHaveLength(1);
    expect(requests[0]!.dataset.status).toBe("answered");
    expect(requests[0]!.dataset.kind).toBe("input");
    expect(within(requests[0]!).getByTestId("recorded-request-prompt").textContent).toMatch(/city/i);
    expect(within(requests[0]!).getByTestId("recorded-request-answer").textContent).toContain("Bergen");
    expect(within(requests[0]!).queryByRole("button")).toBeNull();
  });

  it("opens a step's raw frame beside the request it answers, and the agent card as fetched", async () => {
    await renderView();
    const rows = screen.getAllByTestId("a2a-timeline-row");
    const frame = rows.find((r) => r.dataset.state === "input-required")!;
    fireEvent.click(frame);
    const dialog = await screen.findByTestId("a2a-raw-dialog");
    expect(within(dialog).getByTestId("a2a-raw-request-tab")).toBeTruthy();
    expect(within(dialog).getByText(/a2a_frame · seq \d+/)).toBeTruthy();
    const card = screen.getByTestId("a2a-bundle-card");
    expect(card.textContent).toMatch(/Agent card as fetched from http:\/\/127\.0\.0\.1:7131/);
  });
});
