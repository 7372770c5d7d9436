// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { TaskSummary } from "./task-summary";
import { taskTimeline } from "./task-model";
import { CTX, TASK, chunk, entry, everyStep, frame, sent, status } from "./test-entries";

afterEach(cleanup);

describe("taskTimeline (through lib/protocols/a2a)", () => {
  it("assembles the streamed artifact, keeps both roles' messages and flags steps after the end", () => {
    const t = taskTimeline(everyStep(), TASK)!;
    expect(t.steps.filter((s) => s.type === "state").map((s) => s.type === "state" && s.state)).toEqual([
      "submitted",
      "working",
      "input-required",
      "auth-required",
      "completed",
      "failed",
      "canceled",
      "rejected",
      // the push notification's status
      "completed",
    ]);
    const [report] = t.artifacts;
    expect(report?.parts).toEqual([{ kind: "text", text: "# Weekly report\nSales rose 4 %Next review: Monday." }]);
    expect(report?.chunks).toBe(3);
    expect(report?.complete).toBe(true);
    // The request that created the task names no taskId: it is still the task's first message.
    expect(t.steps.find((s) => s.type === "message")).toMatchObject({ message: { role: "user", taskId: TASK } });
    expect(t.findings.some((f) => f.severity === "error" && /after the task ended/.test(f.message))).toBe(true);
  });
});

describe("TaskSummary", () => {
  it("shows the state path with latency, messages, assembled artifacts and findings; a step opens its frame", () => {
    const onOpenSeq = vi.fn();
    const entries = everyStep();
    render(<TaskSummary timeline={taskTimeline(entries, TASK)!} onOpenSeq={onOpenSeq} />);
    const steps = screen.getAllByTestId("a2a-state-step");
    expect(steps.map((s) => s.getAttribute("data-state")).slice(0, 3)).toEqual(["submitted", "working", "input-required"]);
    expect(steps[1]!.textContent).toContain("+28 ms");
    // The two questions (input-required, auth-required) are the agent's too.
    expect(screen.getAllByTestId("a2a-message-bubble").map((b) => b.getAttribute("data-role"))).toEqual([
      "user",
      "agent",
      "agent",
      "agent",
    ]);
    expect(screen.getByTestId("a2a-part-text").textContent).toBe("# Weekly report\nSales rose 4 %Next review: Monday.");
    expect(screen.getByTestId("a2a-transition-findings")).toBeTruthy();
    fireEvent.click(steps[2]!);
    expect(onOpenSeq).toHaveBeenCalledWith(entries[6]!.seq);
  });

  it("marks an artifact still streaming until its last chunk, and renders file and data parts", () => {
    const x = "x-2";
    const entries = [
      frame(x, status("TASK_STATE_WORKING"), 0),
      frame(x, chunk("part one", false, false), 10),
      frame(
        x,
        {
          artifactUpdate: {
            taskId: TASK,
            contextId: CTX,
            lastChunk: true,
            artifact: {
              artifactId: "chart",
              name: "chart.png",
              parts: [{ raw: "iVBORw0KGgo=", mediaType: "image/png", filename: "chart.png" }],
            },
          },
        },
        20,
      ),
      frame(
        x,
        {
          artifactUpdate: {
            taskId: TASK,
            contextId: CTX,
            lastChunk: true,
            artifact: { artifactId: "totals", parts: [{ data: { sales: 4 } }] },
          },
        },
        30,
      ),
      entry("a2a_stream", { exchangeId: x, taskId: TASK, event: "dropped" }, 40, "local"),
    ];
    render(<TaskSummary timeline={taskTimeline(entries, TASK)!} onOpenSeq={() => undefined} />);
    const artifacts = screen.getAllByTestId("a2a-artifact");
    expect(artifacts.map((a) => a.getAttribute("data-complete"))).toEqual(["false", "true", "true"]);
    expect(screen.getAllByTestId("a2a-artifact-streaming")).toHaveLength(1);
    expect(screen.getByTestId("a2a-part-download").getAttribute("href")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(screen.getByTestId("a2a-part-image")).toBeTruthy();
    expect(screen.getByTestId("a2a-part-data").textContent).toContain('"sales": 4');
  });

  it("an artifact without its last chunk reads cut off, not streaming, once no more chunks can come (task ended or agent lost)", () => {
    const x = "x-3";
    const entries = [frame(x, status("TASK_STATE_WORKING"), 0), frame(x, chunk("half a rep", false, false), 10)];
    const timeline = taskTimeline(entries, TASK)!;
    const { rerender } = render(<TaskSummary timeline={timeline} onOpenSeq={() => undefined} />);
    expect(screen.getByTestId("a2a-artifact-streaming").textContent).toBe("streaming");
    expect(screen.queryByTestId("a2a-artifact-cut")).toBeNull();
    rerender(<TaskSummary timeline={timeline} onOpenSeq={() => undefined} over />);
    expect(screen.queryByTestId("a2a-artifact-streaming")).toBeNull();
    expect(screen.getByTestId("a2a-artifact-cut").textContent).toBe("cut off");
    expect(screen.getByTestId("a2a-part-text").textContent).toBe("half a rep");
  });

  it("shows the agent's question and a data answer readably in the conversation", () => {
    const x = "x-4";
    const ask = (parts: unknown[], at: number) => sent(x, { taskId: TASK, messageId: `u-${at}`, parts }, at);
    const entries = [
      ask([{ text: "ask" }], 0),
      frame(x, status("TASK_STATE_WORKING", "Thinking"), 10),
      frame(x, status("TASK_STATE_INPUT_REQUIRED", "Which city should the forecast be for?"), 20),
      ask([{ data: { city: "Lisbon", days: 3 } }], 30),
      ask([{ data: { trip: { city: "Porto" }, tags: ["a", "b"] } }], 40),
    ];
    render(<TaskSummary timeline={taskTimeline(entries, TASK)!} onOpenSeq={() => undefined} />);
    const bubbles = screen.getAllByTestId("a2a-message-bubble");
    expect(bubbles.map((b) => [b.getAttribute("data-role"), b.textContent])).toEqual([
      ["user", "ask"],
      ["agent", "Which city should the forecast be for?"],
      ["user", "city: Lisbon\ndays: 3"],
      ["user", '{"trip":{"city":"Porto"},"tags":["a","b"]}'],
    ]);
  });
});
