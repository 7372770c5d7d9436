import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import type { ExecutionEventBus } from "@a2a-js/sdk/server";
import { TaskRun } from "./skills";

describe("the demo A2A agent's task run", () => {
  it("leaves no abort listener behind once a pause is over (a long task piled them up: MaxListenersExceededWarning)", async () => {
    const abort = new AbortController();
    const run = new TaskRun("t", "c", { publish: () => undefined } as unknown as ExecutionEventBus, abort.signal, {
      stepMs: 1,
      slowStepMs: 1,
      slowSteps: 1,
    });
    for (let i = 0; i < 12; i++) await run.pause();
    expect(getEventListeners(abort.signal, "abort")).toHaveLength(0);
    // A pause still ends at once when the task is canceled.
    const paused = run.pause(60_000);
    abort.abort();
    await paused;
    expect(getEventListeners(abort.signal, "abort")).toHaveLength(0);
  });
});
