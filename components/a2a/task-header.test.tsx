// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { A2aPushRegistration } from "@/lib/contracts/a2a";
import { TaskHeader, TaskIdentity } from "./task-header";

afterEach(cleanup);

const task = { state: "working" as const, taskId: "t1", contextId: "c1", artifactCount: 3 };

describe("TaskIdentity", () => {
  it("says in words that the agent was lost mid-task, beside the last state it reported", () => {
    const reason = "The agent stopped answering mid-task (terminated): The agent at http://127.0.0.1:1 did not answer (ECONNREFUSED)";
    render(<TaskIdentity task={{ ...task, lost: { at: 1, reason } }} />);
    expect(screen.getByTestId("a2a-task-lost-badge").textContent).toBe("agent lost");
    expect(screen.getByTestId("a2a-task-lost").textContent).toBe(
      `${reason} · the last state the agent reported was working. Refresh asks the agent whether it is back; ` +
        "Cancel, Resubscribe and push need it back first, and a new message starts a new task.",
    );
    expect(screen.getByTestId("a2a-state").dataset.state).toBe("working");
  });

  it("counts its artifacts in words: one artifact, not '1 artifacts'", () => {
    const { rerender } = render(<TaskIdentity task={{ ...task, artifactCount: 1 }} />);
    expect(screen.getByTestId("a2a-task-artifact-count").textContent).toBe("1 artifact");
    rerender(<TaskIdentity task={{ ...task, artifactCount: 1200 }} />);
    expect(screen.getByTestId("a2a-task-artifact-count").textContent).toBe("1,200 artifacts");
  });

  it("shows nothing of the kind for a task whose agent answers", () => {
    render(<TaskIdentity task={task} />);
    expect(screen.queryByTestId("a2a-task-lost")).toBeNull();
    expect(screen.queryByTestId("a2a-task-lost-badge")).toBeNull();
  });
});

describe("TaskHeader", () => {
  const busy = { refresh: false, cancel: false, resubscribe: false, push: false };
  const header = (lost?: { at: number; reason: string }, push?: A2aPushRegistration) => (
    <TaskHeader
      task={{
        ...task,
        agentId: "ag",
        createdAt: 1,
        updatedAt: 2,
        streaming: false,
        entrySeqs: [],
        ...(lost ? { lost } : {}),
        ...(push ? { push } : {}),
      }}
      terminal={false}
      canPush
      busy={busy}
      onRefresh={() => undefined}
      onCancel={() => undefined}
      onResubscribe={() => undefined}
      onRegisterPush={() => undefined}
    />
  );
  const disabled = (id: string) => screen.getByTestId<HTMLButtonElement>(id).disabled;

  it("a lost task offers Refresh (tasks/get), the one action that can reach a returning agent; the others say why they wait", () => {
    render(header({ at: 1, reason: "The agent stopped answering mid-task" }));
    expect(disabled("a2a-task-refresh")).toBe(false);
    for (const id of ["a2a-task-cancel", "a2a-task-resubscribe", "a2a-task-push"]) {
      expect(disabled(id)).toBe(true);
      expect(screen.getByTestId(id).getAttribute("title")).toMatch(/stopped answering: Refresh \(tasks\/get\) first/);
    }
  });

  it("a task whose agent answers keeps every action", () => {
    render(header());
    for (const id of ["a2a-task-refresh", "a2a-task-cancel", "a2a-task-resubscribe", "a2a-task-push"]) expect(disabled(id)).toBe(false);
  });

  it("counts the pushes received in words", () => {
    const url = "http://127.0.0.1:6391/a2a-push/p1";
    const { rerender } = render(header(undefined, { pushId: "p1", url, received: 1, registeredAt: 1 }));
    expect(screen.getByTestId("a2a-push-info").textContent).toBe(`1 push notification received · ${url}`);
    rerender(header(undefined, { pushId: "p1", url, received: 3, registeredAt: 1 }));
    expect(screen.getByTestId("a2a-push-info").textContent).toBe(`3 push notifications received · ${url}`);
  });
});
