import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { A2aStore } from "@/lib/server/a2a/store";
import { A2aTasks } from "@/lib/server/a2a/tasks";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";

let dir: string;
let tasks: A2aTasks;

const status = (state: A2aTaskState, timestamp?: string, text?: string): A2aItem => ({
  type: "status",
  taskId: "t1",
  contextId: "c1",
  state,
  ...(timestamp ? { timestamp } : {}),
  ...(text ? { message: { role: "agent", messageId: `m-${state}-${timestamp}`, parts: [{ kind: "text", text }] } } : {}),
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loupe-a2a-tasks-"));
  const store = openStore(dir);
  tasks = new A2aTasks(new Hub(store), new A2aStore(store), () => "agent");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("A2A task record", () => {
  it("a push arriving after the stream finished the task does not move it back nor open a request", () => {
    tasks.apply("a1", status("working", "2026-11-24T10:00:01Z"));
    tasks.apply("a1", status("completed", "2026-11-24T10:00:03Z", "done"));
    // The agent's pushes of the same task, delivered late and in their own order.
    tasks.apply("a1", status("working", "2026-11-24T10:00:01Z"));
    tasks.apply("a1", status("input-required", "2026-11-24T10:00:02Z", "Which city?"));
    expect(tasks.get("a1", "t1")?.state).toBe("completed");
    expect(tasks.listRequests()).toEqual([]);
  });

  it("an older status than the one applied is ignored, so a waiting request does not go stale", () => {
    tasks.apply("a1", status("input-required", "2026-11-24T10:00:05Z", "Which city?"));
    expect(tasks.listRequests()).toMatchObject([{ status: "pending" }]);
    tasks.apply("a1", status("working", "2026-11-24T10:00:04Z"));
    expect(tasks.get("a1", "t1")?.state).toBe("input-required");
    expect(tasks.listRequests()).toMatchObject([{ status: "pending" }]);
    // A newer one applies as before.
    tasks.apply("a1", status("working", "2026-11-24T10:00:06Z"));
    expect(tasks.get("a1", "t1")?.state).toBe("working");
    expect(tasks.listRequests()).toMatchObject([{ status: "stale" }]);
  });

  it("statuses without timestamps apply in arrival order until the task ends", () => {
    tasks.apply("a1", status("working"));
    tasks.apply("a1", status("input-required", undefined, "Which city?"));
    expect(tasks.get("a1", "t1")?.state).toBe("input-required");
    tasks.apply("a1", status("failed"));
    tasks.apply("a1", status("working"));
    expect(tasks.get("a1", "t1")?.state).toBe("failed");
  });
});
