// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { ItemBody } from "./item-bodies";
import { RawFrame } from "./item-bodies-run";

afterEach(cleanup);

describe("AG-UI run ends (issue 23)", () => {
  it("an event after RUN_ERROR is shown as after the end, with what it carried", () => {
    const t = normalizeAguiRun([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "RUN_ERROR", message: "boom" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "late words" },
    ]);
    const item = t.items.at(-1)!;
    render(<ItemBody item={item} />);
    expect(screen.getByTestId("agui-after-end-note").textContent).toMatch(/after the run ended/);
    expect(screen.getByText(/late words/)).toBeTruthy();
  });

  it("a failure naming a frame shows it as received; one without shows nothing", () => {
    const frame = '{"type":"RUN_FINISHED","outcome":{"type":"interrupt"}}';
    render(<RawFrame details={{ frame }} />);
    expect(screen.getByTestId("agui-run-failure-frame").textContent).toContain(frame);
    cleanup();
    render(<RawFrame details={{ status: 500 }} />);
    expect(screen.queryByTestId("agui-run-failure-frame")).toBeNull();
  });
});
