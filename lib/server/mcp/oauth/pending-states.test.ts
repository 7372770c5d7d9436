import { describe, expect, it } from "vitest";
import { consumePendingState, dropPendingStates, isPendingState, registerPendingState } from "@/lib/server/mcp/oauth/pending-states";

describe("pending OAuth states", () => {
  it("accepts a registered state until it expires", () => {
    registerPendingState("s-1", "c1", 1_000);
    expect(isPendingState("s-1", 999)).toBe(true);
    expect(isPendingState("s-1", 1_000)).toBe(false);
    // Expired states are forgotten.
    expect(isPendingState("s-1", 0)).toBe(false);
    expect(isPendingState(null)).toBe(false);
    expect(isPendingState("unknown")).toBe(false);
  });

  it("is single use", () => {
    registerPendingState("s-2", "c2", Date.now() + 60_000);
    expect(consumePendingState("s-2")).toMatchObject({ connectionId: "c2" });
    expect(consumePendingState("s-2")).toBeUndefined();
    expect(isPendingState("s-2")).toBe(false);
  });

  it("keeps one flow per connection: a new one replaces the older state", () => {
    registerPendingState("old", "c3", Date.now() + 60_000);
    registerPendingState("new", "c3", Date.now() + 60_000);
    expect(isPendingState("old")).toBe(false);
    expect(isPendingState("new")).toBe(true);
    dropPendingStates("c3");
    expect(isPendingState("new")).toBe(false);
  });

  it("does not hand out an expired state", () => {
    registerPendingState("s-4", "c4", 5);
    expect(consumePendingState("s-4", 10)).toBeUndefined();
  });
});
