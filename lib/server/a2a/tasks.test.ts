import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
let a2aStore: A2aStore;

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
  a2aStore = new A2aStore(store);
  tasks = new A2aTasks(new Hub(store), a2aStore, () => "agent");
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

describe("A2A human requests", () => {
  /** An input-required status whose message id stays the same from question to question (some agents reuse one per task). */
  const asks = (text: string, timestamp: string): A2aItem => ({
    type: "status",
    taskId: "t1",
    contextId: "c1",
    state: "input-required",
    timestamp,
    message: { role: "agent", messageId: "t1-prompt", parts: [{ kind: "text", text }] },
  });
  const answer = () => {
    const [request] = tasks.listRequests().filter((r) => r.status === "pending");
    expect(tasks.claim(request!.id, "input-required")).toBe("ok");
    tasks.save({ ...request!, status: "answered", answeredAt: Date.now(), answer: { kind: "text", text: "Porto" } });
    tasks.release(request!.id);
  };

  it("a request whose answer is on its way is 'answering', not 'answered' (that answer may still fail)", () => {
    // Before: the 409 said "already answered" while the only answer was still being sent, and failed.
    tasks.apply("a1", asks("Which city?", "2026-11-24T10:00:01Z"));
    const [request] = tasks.listRequests();
    expect(tasks.claim(request!.id, "input-required")).toBe("ok");
    expect(tasks.claim(request!.id, "input-required")).toBe("answering");
    tasks.release(request!.id);
    expect(tasks.claim(request!.id, "input-required")).toBe("ok");
  });

  it("a second question under the same message id is a new request; the first one repeated is not", () => {
    tasks.apply("a1", asks("Which city?", "2026-11-24T10:00:01Z"));
    answer();
    tasks.apply("a1", status("working", "2026-11-24T10:00:02Z"));
    // The continuation's first frame repeating the answered question: the same request.
    tasks.apply("a1", asks("Which city?", "2026-11-24T10:00:03Z"));
    expect(tasks.listRequests().filter((r) => r.status === "pending")).toEqual([]);
    tasks.apply("a1", asks("Which day?", "2026-11-24T10:00:04Z"));
    expect(tasks.listRequests().filter((r) => r.status === "pending")).toMatchObject([{ prompt: "Which day?", taskId: "t1" }]);
  });
});

describe("A2A task id reused by the agent for another conversation", () => {
  const asks = (contextId: string, state: A2aTaskState, text: string): A2aItem => ({
    type: "status",
    taskId: "t1",
    contextId,
    state,
    message: { role: "agent", messageId: `m-${contextId}-${state}`, parts: [{ kind: "text", text }] },
  });

  it("is a new task: its question is asked in its own conversation, and the old one's goes stale in words", () => {
    // Before: merged into the first record, the second question carried the first context (its
    // answer went to the wrong conversation) and made the first one stale.
    tasks.apply("a1", asks("c1", "input-required", "Which city?"));
    tasks.apply("a1", asks("c2", "input-required", "Which day?"));
    expect(tasks.get("a1", "t1")).toMatchObject({ contextId: "c2", state: "input-required", statusText: "Which day?" });
    const [newer, older] = tasks.listRequests();
    expect(newer).toMatchObject({ status: "pending", contextId: "c2", prompt: "Which day?" });
    expect(older).toMatchObject({ status: "stale", contextId: "c1", prompt: "Which city?" });
    expect(older!.status === "stale" && older!.reason).toBe("The agent reused task id t1 for another conversation (c2): this task is gone");
  });

  it("the same question under the same message id in the new conversation is asked again (an answered old one is not its repeat)", () => {
    const same = (contextId: string, timestamp: string): A2aItem => ({
      type: "status",
      taskId: "t1",
      contextId,
      state: "input-required",
      timestamp,
      message: { role: "agent", messageId: "t1-prompt", parts: [{ kind: "text", text: "Which city?" }] },
    });
    tasks.apply("a1", same("c1", "2026-11-24T10:00:01Z"));
    const [first] = tasks.listRequests();
    expect(tasks.claim(first!.id, "input-required")).toBe("ok");
    tasks.save({ ...first!, status: "answered", answeredAt: Date.now(), answer: { kind: "text", text: "Porto" } });
    tasks.release(first!.id);
    tasks.apply("a1", same("c2", "2026-11-24T11:00:01Z"));
    expect(tasks.listRequests().filter((r) => r.status === "pending")).toMatchObject([{ contextId: "c2", prompt: "Which city?" }]);
  });

  it("after the first task ended: the new one's states apply (an agent restarted, numbering its tasks anew)", () => {
    // Before: the ended task stayed ended and the new question raised no request.
    tasks.apply("a1", asks("c1", "completed", "Done."));
    tasks.apply("a1", asks("c2", "auth-required", "Sign in first."));
    expect(tasks.get("a1", "t1")).toMatchObject({ contextId: "c2", state: "auth-required" });
    expect(tasks.listRequests()).toMatchObject([{ status: "pending", kind: "auth", contextId: "c2" }]);
  });
});

describe("A2A task record in memory", () => {
  const chunk = (i: number): A2aItem => ({
    type: "artifact",
    taskId: "t1",
    contextId: "c1",
    artifact: { artifactId: `a${i % 3}`, parts: [{ kind: "text", text: `chunk ${i}` }] },
    append: i > 2,
    lastChunk: false,
  });

  it("writes the row at state changes, keeps chunks in memory (read through it) and writes them at flush", () => {
    tasks.apply("a1", status("working"));
    expect(a2aStore.getTask("a1", "t1")).toMatchObject({ state: "working", artifactCount: 0 });
    for (let i = 0; i < 50; i++) tasks.apply("a1", chunk(i));
    // The row is not rewritten per chunk; a read goes through the in-memory record.
    expect(a2aStore.getTask("a1", "t1")?.artifactCount).toBe(0);
    expect(tasks.get("a1", "t1")).toMatchObject({ state: "working", artifactCount: 3 });
    expect(tasks.list("a1")).toMatchObject([{ artifactCount: 3 }]);
    tasks.apply("a1", chunk(50));
    tasks.apply("a1", status("completed"));
    expect(a2aStore.getTask("a1", "t1")).toMatchObject({ state: "completed", artifactCount: 3, artifactIds: ["a0", "a1", "a2"] });
  });

  it("each chunk of a task in memory moves its time on; a chunk after the task was said lost finds it again, written at once", () => {
    tasks.apply("a1", status("working"));
    tasks.apply("a1", chunk(0));
    const before = tasks.get("a1", "t1")!.updatedAt;
    const later = vi.spyOn(Date, "now").mockReturnValue(before + 5_000);
    try {
      tasks.apply("a1", chunk(1));
      expect(tasks.get("a1", "t1")).toMatchObject({ updatedAt: before + 5_000, artifactIds: ["a0", "a1"], artifactCount: 2 });
    } finally {
      later.mockRestore();
    }
    expect(tasks.markLost("a1", "t1", "The agent stopped answering")).toBe(true);
    expect(a2aStore.getTask("a1", "t1")?.lost?.reason).toBe("The agent stopped answering");
    tasks.apply("a1", chunk(2));
    expect(a2aStore.getTask("a1", "t1")).toMatchObject({ artifactIds: ["a0", "a1", "a2"], artifactCount: 3 });
    expect(a2aStore.getTask("a1", "t1")?.lost).toBeUndefined();
  });

  it("a removed agent's chunks waiting in memory are not written back by a later flush", () => {
    tasks.apply("a1", status("working"));
    tasks.apply("a1", chunk(0));
    a2aStore.store.prepare("DELETE FROM a2a_tasks WHERE agent_id = ?").run("a1");
    tasks.dropAgent("a1");
    tasks.flush();
    expect(a2aStore.getTask("a1", "t1")).toBeUndefined();
  });
});
