// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { CallProgress } from "./call-progress";

afterEach(cleanup);

describe("CallProgress", () => {
  it("a call the server paused to ask the user says so, instead of 'waiting for progress…' with a pulsing bar", () => {
    // Before: an elicitation waiting on the user read as a call still working.
    render(<CallProgress updates={[]} running awaitingYou />);
    expect(screen.getByTestId("call-progress").dataset.state).toBe("awaiting");
    expect(screen.getByTestId("call-progress-awaiting").textContent).toBe("waiting for your answer below");
    expect(screen.queryByText("waiting for progress…")).toBeNull();
    expect(screen.getByRole("progressbar").firstElementChild!.className).not.toContain("animate-pulse");
  });

  it("a call that runs unasked waits for progress as before; progress shows its amount beside the question", () => {
    const { rerender } = render(<CallProgress updates={[]} running />);
    expect(screen.getByTestId("call-progress-amount").textContent).toBe("waiting for progress…");
    expect(screen.getByRole("progressbar").firstElementChild!.className).toContain("animate-pulse");
    rerender(<CallProgress updates={[{ seq: 1, receivedAt: 1, progress: 2, total: 5, afterCancel: false }]} running awaitingYou />);
    expect(screen.getByTestId("call-progress-amount").textContent).toBe("2/5");
    expect(screen.getByTestId("call-progress-awaiting")).toBeTruthy();
  });
});
