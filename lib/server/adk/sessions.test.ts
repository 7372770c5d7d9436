import { describe, expect, it } from "vitest";
import { parseSessionList } from "@/lib/protocols/adk/session";
import { parseAppList, toSummaries } from "@/lib/server/adk/sessions";

describe("session list shapes", () => {
  it("reads Python's plain array (seconds) and JS's paginated object (ms) the same way, newest first", () => {
    const python = [
      { id: "old", appName: "a", userId: "u", state: {}, events: [{}, {}], lastUpdateTime: 1_700_000_000.5 },
      { id: "new", appName: "a", userId: "u", state: {}, events: [], lastUpdateTime: 1_700_000_100.25 },
    ];
    const js = {
      sessions: python.map((s) => ({ ...s, lastUpdateTime: Math.round(s.lastUpdateTime * 1000) })),
      page: 1,
      limit: 2,
      totalItems: 2,
      totalPages: 1,
    };
    const fromPython = toSummaries(parseSessionList(python), "a", "u");
    expect(fromPython).toEqual([
      { id: "new", appName: "a", userId: "u", lastUpdateTime: 1_700_000_100_250 },
      { id: "old", appName: "a", userId: "u", lastUpdateTime: 1_700_000_000_500, eventCount: 2 },
    ]);
    expect(toSummaries(parseSessionList(js), "a", "u")).toEqual(fromPython);
  });

  it("fills app and user from the request when a server leaves them out; unknown times sort last", () => {
    expect(toSummaries(parseSessionList([{ id: "x" }, { id: "y", lastUpdateTime: 5 }]), "app", "me")).toEqual([
      { id: "y", appName: "app", userId: "me", lastUpdateTime: 5000 },
      { id: "x", appName: "app", userId: "me", lastUpdateTime: null },
    ]);
  });

  it("reads /list-apps as names or Python's detailed shape", () => {
    expect(parseAppList(["a", "b"])).toEqual(["a", "b"]);
    expect(parseAppList({ apps: [{ name: "a", rootAgentName: "r" }] })).toEqual(["a"]);
    expect(() => parseAppList({ nope: 1 })).toThrow(/list of apps/);
  });
});
