// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { EntryLog, loadWire } from "@/lib/protocols/langgraph/test-support";
import { LgThreadTimeline } from "./lg-thread-timeline";

/** happy-dom lays nothing out: a viewport and a row height, so the virtualizer renders a window of rows. */
function installLayout(viewport: number, rowPx: number) {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => viewport });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 1000 });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? rowPx : 0;
    },
  });
}

beforeAll(() => installLayout(4000, 40));
afterEach(cleanup);

function thread() {
  const log = new EntryLog();
  log.add("lg_input", { runId: "r1", request: { path: "/threads/t/runs/stream", body: { assistant_id: "asst-1" } } }, "out");
  log.run({ runId: "r1", status: "running" });
  log.events("r1", loadWire("tool-interrupt"));
  log.add("lg_malformed", { runId: "r1", event: "updates", text: "{oops", error: "Unexpected token" });
  log.events("r1", [{ event: "feedback", data: { odd: true } }]);
  log.run({ runId: "r1", status: "interrupted", startedAt: 0, endedAt: 1_200, eventCount: 60, firstEventMs: 31 });
  return log.entries;
}

describe("LgThreadTimeline", () => {
  it("shows the run's header with status, duration, events and first-event latency", () => {
    render(<LgThreadTimeline entries={thread()} />);
    const header = screen.getByTestId("lg-timeline-run");
    expect(header.dataset.status).toBe("interrupted");
    expect(within(header).getByTestId("lg-run-duration").textContent).toBe("1.20 s");
    expect(within(header).getByTestId("lg-run-events").textContent).toBe("60 events");
    expect(header.textContent).toContain("first event 31 ms");
    expect(header.textContent).toContain("asst-1");
  });

  it("draws steps with their nodes, the tool call with its result, the folded chunks and the pause", () => {
    render(<LgThreadTimeline entries={thread()} />);
    const steps = screen.getAllByTestId("lg-step");
    expect(steps.length).toBeGreaterThanOrEqual(9);
    const call = screen.getByTestId("lg-tool-call");
    expect(call.textContent).toContain("get_weather");
    expect(within(call).getByTestId("lg-tool-result").textContent).toContain("sunny, 21C");
    expect(screen.getByTestId("lg-streamed").textContent).toContain("streamed 32 chunks from agent");
    expect(screen.getByTestId("lg-custom").textContent).toContain("looking up weather");
    const pause = screen.getByTestId("lg-interrupt");
    expect(pause.textContent).toContain("waiting for a human at review:ask");
    expect(pause.textContent).toContain("Publish the forecast?");
    expect(screen.getAllByText("It is sunny in Oslo, 21 degrees.")).toHaveLength(1);
  });

  it("opens a step's changes against the state before it", () => {
    render(<LgThreadTimeline entries={thread()} />);
    const tools = screen.getAllByTestId("lg-step").find((s) => within(s).queryByTestId("lg-task")?.dataset.node === "tools")!;
    const changes = within(tools).getByTestId("lg-step-changes");
    expect(within(changes).queryByTestId("lg-step-diff")).toBeNull();
    changes.setAttribute("open", "");
    fireEvent(changes, new Event("toggle"));
    const diff = within(tools).getByTestId("lg-step-diff");
    expect(diff.textContent).toContain("$.messages[2]");
    expect(diff.querySelector("[data-kind=added]")).not.toBeNull();
  });

  it("flags what it could not read and shows it raw", () => {
    render(<LgThreadTimeline entries={thread()} />);
    const notes = screen.getAllByTestId("lg-note");
    const malformed = notes.find((n) => n.dataset.kind === "malformed")!;
    expect(malformed.dataset.flagged).toBe("true");
    expect(malformed.textContent).toContain("{oops");
    const unknown = notes.find((n) => n.dataset.kind === "unknown")!;
    expect(unknown.textContent).toContain("feedback");
    expect(notes.find((n) => n.dataset.kind === "input")).toBeDefined();
  });

  it("renders only a window of a 10,000-event thread", () => {
    const log = new EntryLog();
    const wire = Array.from({ length: 10_000 }, (_, i) => ({ event: "updates", data: { [`n${i % 5}`]: { i } } }));
    log.events("big", wire);
    render(<LgThreadTimeline entries={log.entries} />);
    expect(screen.getByTestId("lg-timeline-rows").dataset.count).toBe("10001");
    expect(screen.getAllByTestId("lg-step").length).toBeLessThan(200);
  });

  it("says so when the thread has no runs", () => {
    render(<LgThreadTimeline entries={[]} />);
    expect(screen.getByTestId("lg-timeline-empty").textContent).toContain("No runs");
  });
});
