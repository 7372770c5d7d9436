// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ComparePicker } from "@/components/elements/compare/compare-picker";
import { ForkDialog } from "@/components/adk/agents/fork-dialog";
import { renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Picker() {
  const [open, setOpen] = useState(false);
  return (
    <ComparePicker
      open={open}
      onOpenChange={setOpen}
      triggerTestId="pick"
      dialogTestId="pick-dialog"
      title="Compare with"
      description="Pick one"
    >
      <p>list</p>
    </ComparePicker>
  );
}

/** Escape closes the dialog and the keyboard user is back on the button that opened it, not at the top of the page. */
async function closesBackToTrigger(trigger: string, dialog: string) {
  const button = screen.getByTestId(trigger);
  button.focus();
  fireEvent.click(button);
  const content = await screen.findByTestId(dialog);
  expect(content.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(content, { key: "Escape" });
  await waitFor(() => expect(screen.queryByTestId(dialog)).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId(trigger)));
}

describe("issue 12 dialogs give focus back on close", () => {
  it("Compare with…", async () => {
    render(<Picker />);
    await closesBackToTrigger("pick", "pick-dialog");
  });

  it("Fork from here", async () => {
    renderWithClient(
      <ForkDialog
        sessionRef={{ agentId: "ag", appName: "demo", userId: "u1", sessionId: "s1" }}
        eventLabel="event #2"
        state={{ city: "Oslo" }}
      />,
    );
    await closesBackToTrigger("fork-from-here", "fork-dialog");
  });
});
