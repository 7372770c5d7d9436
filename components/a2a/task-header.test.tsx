// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { TaskIdentity } from "./task-header";

afterEach(cleanup);

const task = { state: "working" as const, taskId: "t1", contextId: "c1", artifactCount: 3 };

describe("TaskIdentity", () => {
  it("says in words that the agent was lost mid-task, beside the last state it reported", () => {
    const reason = "The agent stopped answering mid-task (terminated): The agent at http://127.0.0.1:1 did not answer (ECONNREFUSED)";
    render(<TaskIdentity task={{ ...task, lost: { at: 1, reason } }} />);
    expect(screen.getByTestId("a2a-task-lost-badge").textContent).toBe("agent lost");
    expect(screen.getByTestId("a2a-task-lost").textContent).toBe(`${reason} · the last state the agent reported was working`);
    expect(screen.getByTestId("a2a-state").dataset.state).toBe("working");
  });

  it("shows nothing of the kind for a task whose agent answers", () => {
    render(<TaskIdentity task={task} />);
    expect(screen.queryByTestId("a2a-task-lost")).toBeNull();
    expect(screen.queryByTestId("a2a-task-lost-badge")).toBeNull();
  });
});
