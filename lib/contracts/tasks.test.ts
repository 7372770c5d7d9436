import { describe, expect, it } from "vitest";
import {
  isTerminalTaskStatus,
  mergeTaskRecords,
  parseTaskTime,
  pollDelay,
  serverTaskSupport,
  taskRefusal,
  taskRunMode,
  toolTaskSupport,
} from "@/lib/contracts/tasks";
import type { TaskRecord } from "@/lib/contracts/tasks";

const everythingCaps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

const rec = (over: Partial<TaskRecord>): TaskRecord => ({
  taskId: "t1",
  connectionId: "c",
  sessionKey: "s",
  origin: "loupe",
  tool: "research",
  status: "working",
  createdAt: 1_000,
  lastUpdatedAt: 1_000,
  ttl: 60_000,
  checkedAt: 1_000,
  ...over,
});

describe("task capability helpers", () => {
  it("reads the server's tasks capability", () => {
    expect(serverTaskSupport(everythingCaps)).toEqual({ toolsCall: true, list: true, cancel: true });
    expect(serverTaskSupport({ tasks: { list: {} } })).toEqual({ toolsCall: false, list: true, cancel: false });
    expect(serverTaskSupport({ tools: {} })).toEqual({ toolsCall: false, list: false, cancel: false });
    expect(serverTaskSupport(undefined)).toEqual({ toolsCall: false, list: false, cancel: false });
  });

  it("treats an absent taskSupport as forbidden and offers the matching run mode", () => {
    expect(toolTaskSupport({})).toBe("forbidden");
    expect(toolTaskSupport({ execution: { taskSupport: "optional" } })).toBe("optional");
    expect(taskRunMode(everythingCaps, { execution: { taskSupport: "required" } })).toBe("required");
    expect(taskRunMode(everythingCaps, { execution: { taskSupport: "optional" } })).toBe("optional");
    expect(taskRunMode({ tools: {} }, { execution: { taskSupport: "optional" } })).toBe("none");
    expect(taskRunMode(everythingCaps, { execution: { taskSupport: "forbidden" } })).toBe("none");
    expect(taskRunMode(everythingCaps, {})).toBe("none");
  });

  it("says in words why a tool cannot run as a task", () => {
    expect(taskRefusal("srv", everythingCaps, { name: "echo" })).toMatch(
      /"echo" cannot run as a task: it declares no execution.taskSupport/,
    );
    expect(taskRefusal("srv", everythingCaps, { name: "echo", execution: { taskSupport: "forbidden" } })).toBe(
      'Tool "echo" cannot run as a task (execution.taskSupport is "forbidden")',
    );
    expect(taskRefusal("srv", { tools: {} }, { name: "x", execution: { taskSupport: "required" } })).toMatch(
      /"srv" does not support tasks/,
    );
    expect(taskRefusal("srv", everythingCaps, { name: "x", execution: { taskSupport: "optional" } })).toBeNull();
  });
});

describe("task record helpers", () => {
  it("knows terminal statuses, parses times and bounds poll delays", () => {
    expect(["completed", "failed", "cancelled"].every((s) => isTerminalTaskStatus(s as never))).toBe(true);
    expect(isTerminalTaskStatus("input_required")).toBe(false);
    expect(parseTaskTime("2025-01-02T03:04:05.678Z", 0)).toBe(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
    expect(parseTaskTime("nonsense", 42)).toBe(42);
    expect(pollDelay(undefined)).toBe(1_000);
    expect(pollDelay(10)).toBe(250);
    expect(pollDelay(5_000)).toBe(5_000);
    expect(pollDelay(10 * 60_000)).toBe(30_000);
  });

  it("merges by task id, newest first, keeping the tool Loupe knew and a held result", () => {
    const list = [rec({ taskId: "a", createdAt: 1, result: { content: [] } }), rec({ taskId: "b", createdAt: 2 })];
    const merged = mergeTaskRecords(list, [
      rec({ taskId: "a", createdAt: 1, tool: null, origin: "server", status: "completed", resultOmitted: true }),
      rec({ taskId: "c", createdAt: 3 }),
    ]);
    expect(merged.map((t) => t.taskId)).toEqual(["c", "b", "a"]);
    const a = merged.find((t) => t.taskId === "a")!;
    expect(a).toMatchObject({ status: "completed", tool: "research", origin: "loupe", result: { content: [] }, resultOmitted: false });
  });
});
