import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { AdkSession } from "@/lib/protocols/adk/session";
import { applyLive, liveEntryRaw, storedUserMessages } from "./live-timeline";
import { createTimeline } from "./timeline";

const parts = [{ text: "hello" }];

function userMessage(seq: number, at: number): Entry {
  return {
    seq,
    connectionId: "ag",
    sessionKey: "demo/u1/s1",
    receivedAt: at,
    sourceTime: at,
    direction: "out",
    protocol: "adk",
    kind: "user_message",
    raw: { runId: "r1", newMessage: { role: "user", parts } },
    rawBytes: 0,
  };
}

const session = (events: unknown[]): AdkSession => ({ id: "s1", appName: "demo", userId: "u1", state: {}, events, lastUpdateTime: 0 });

describe("live timeline", () => {
  it("reads a user_message entry as the user event ADK will store, and nothing of another protocol", () => {
    expect(liveEntryRaw(userMessage(1, 5_000))).toMatchObject({ author: "user", content: { role: "user", parts }, timestamp: 5_000 });
    expect(liveEntryRaw({ ...userMessage(1, 5_000), protocol: "mcp" })).toBeNull();
  });

  it("skips a live user message the stored session already holds (within the clock window), once", () => {
    const stored = storedUserMessages(
      session([{ id: "e1", author: "user", invocationId: "i1", timestamp: 6, content: { role: "user", parts } }]),
    );
    const first = applyLive(createTimeline(), [userMessage(1, 6_000)], 0, stored);
    expect(first.lastSeq).toBe(1);
    expect(first.timeline.entries).toHaveLength(0);
    // The stored copy was used up: the same message sent again is new.
    const again = applyLive(first.timeline, [userMessage(2, 6_000)], 1, stored);
    expect(again.lastSeq).toBe(2);
    expect(again.timeline.entries.length).toBeGreaterThan(0);
  });

  it("skips what the GET's unstored list placed and entries at or before the cursor", () => {
    const placed = applyLive(createTimeline(), [userMessage(3, 1), userMessage(4, 1)], 3, null, new Set([4]));
    expect(placed.lastSeq).toBe(4);
    expect(placed.timeline.entries).toHaveLength(0);
  });
});
