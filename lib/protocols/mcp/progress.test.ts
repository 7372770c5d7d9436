import { describe, expect, it } from "vitest";
import { callProgress } from "./progress";
import { entry, wireEntries } from "./test-fixtures";

describe("callProgress", () => {
  it("returns the long-running operation's progress in order", () => {
    const updates = callProgress(wireEntries("stdio"), 8);
    expect(updates.map((u) => [u.seq, u.receivedAt, u.progress, u.total, u.afterCancel])).toEqual([
      [27, 806.3, 1, 4, false],
      [28, 1307.1, 2, 4, false],
      [29, 1808.1, 3, 4, false],
      [30, 2309.2, 4, 4, false],
    ]);
  });

  it("labels progress that arrives after a cancel (mcp.md §6.5)", () => {
    const updates = callProgress(wireEntries("sse"), 9, 2846.9);
    expect(updates.map((u) => [u.progress, u.total, u.afterCancel])).toEqual([
      [1, 5, true],
      [2, 5, true],
      [3, 5, true],
      [4, 5, true],
      [5, 5, true],
    ]);
    expect(callProgress(wireEntries("sse"), 9, 5000).map((u) => u.afterCancel)).toEqual([false, false, true, true, true]);
  });

  it("matches the token exactly and ignores Loupe's own notifications", () => {
    const note = (seq: number, token: unknown, direction: "in" | "out" = "in") =>
      entry({
        seq,
        direction,
        raw: { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: seq, message: "m" } },
      });
    const updates = callProgress([note(1, "8"), note(2, 8), note(3, 8, "out")], 8);
    expect(updates).toEqual([{ seq: 2, receivedAt: 20, progress: 2, message: "m", afterCancel: false }]);
  });
});
