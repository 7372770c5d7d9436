import { afterEach, describe, expect, it } from "vitest";
import type { A2aTaskState, A2aTaskSummary } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import type { A2aTaskRecord } from "@/lib/server/a2a/store";
import { FOLLOW, resumeLeftTasks, TaskFollowers, type TakeOverDesk } from "@/lib/server/a2a/taken-over";

/**
 * A task a dead instance left on an agent that does not stream is followed with tasks/get (issue 25).
 * The desk is the registry's part the follow uses, here in memory: the agent's answers are scripted.
 */
const saved = { ...FOLLOW };
afterEach(() => Object.assign(FOLLOW, saved));

function deskFor(answers: Array<A2aTaskState | "unreachable">, card: () => Promise<unknown> = async () => undefined) {
  const task: A2aTaskRecord = {
    agentId: "ag",
    taskId: "t1",
    contextId: "c1",
    state: "working",
    createdAt: 1,
    updatedAt: 1,
    artifactCount: 0,
  };
  const asked: string[] = [];
  const desk: TakeOverDesk = {
    tasks: {
      get: () => task,
      markLost: (_agent, _task, reason) => {
        task.lost = { at: Date.now(), reason };
        return true;
      },
    },
    get: () => ({ state: { card: { capabilities: { streaming: false } } } }),
    listTasks: (): A2aTaskSummary[] => [{ ...task, streaming: false }],
    refreshCard: card,
    resubscribe: async () => undefined,
    has: () => true,
    async refreshTask(_agent, _task, options) {
      const next = answers.shift() ?? "working";
      asked.push(next);
      if (next === "unreachable") {
        const error = new AppError("upstream:a2a_unreachable", "The agent did not answer (ECONNREFUSED)");
        if (options?.unreachableIsLost !== false) desk.tasks.markLost("ag", "t1", error.message);
        throw error;
      }
      task.state = next;
    },
  };
  return { desk, task, asked };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("following a task a dead instance left", () => {
  it("keeps asking through a moment the agent does not answer, and ends with the task", async () => {
    Object.assign(FOLLOW, { firstMs: 5, maxMs: 10, forMs: 10_000 });
    const { desk, task, asked } = deskFor(["working", "unreachable", "unreachable", "working", "completed"]);
    await resumeLeftTasks(desk, "ag", "Loupe A", new TaskFollowers());
    await settle(200);
    expect(asked).toEqual(["working", "unreachable", "unreachable", "working", "completed"]);
    expect(task.lost).toBeUndefined();
    expect(task.state).toBe("completed");
  });

  it("starts no follow when the agent's lease was lost while its card was read", async () => {
    Object.assign(FOLLOW, { firstMs: 5, maxMs: 10, forMs: 10_000 });
    const followers = new TaskFollowers();
    let cardRead = () => {};
    const { desk, asked } = deskFor([], () => new Promise<void>((resolve) => (cardRead = resolve)));
    const resumed = resumeLeftTasks(desk, "ag", "Loupe A", followers);
    await settle(10);
    followers.stop("ag"); // another instance took the agent: this one stops what it follows for it
    cardRead();
    await resumed;
    await settle(100);
    expect(asked).toEqual(["working"]); // asked once as the take-over does, never followed after
  });
});
