import { describe, expect, it } from "vitest";
import { formatCallPair, parseCallPair } from "./call-pair";

describe("the ?diff= call pair", () => {
  it("round-trips calls on the open connection and on another", () => {
    const a = { connectionId: "s", callId: "c1" };
    const b = { connectionId: "t", callId: "c2" };
    expect(formatCallPair(a, { ...b, connectionId: "s" }, "s")).toBe("c1~c2");
    expect(formatCallPair(a, b, "s")).toBe("c1~t/c2");
    expect(parseCallPair("c1~t/c2", "s")).toEqual([a, b]);
  });

  it("refuses a malformed value", () => {
    for (const bad of ["c1", "c1~", "~c2", "a~b~c", "c1~/c2", "c1~t/"]) expect(parseCallPair(bad, "s")).toBeNull();
  });
});
