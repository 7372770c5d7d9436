import { describe, expect, it } from "vitest";
import { confirmationResponse } from "./answers";
import { parseSession, parseSessionList, userMessageEvent } from "./session";
import { buildTimeline } from "./timeline";
import { timelineInterrupts } from "./timeline-views";
import { fixtureJson, sseEvents } from "./test-fixtures";

const ctx = { connectionId: "c", sessionKey: "s_full" };

describe("stored sessions", () => {
  it("parses a JS session (ms lastUpdateTime) and rejects non-sessions", () => {
    const s = parseSession(fixtureJson("26_get_session_full.json"));
    expect(s).toMatchObject({ id: "s_full", appName: "inspector_demo", userId: "u1", lastUpdateTime: 1795257169858 });
    expect(s?.events).toHaveLength(21);
    expect(parseSession({ error: "Session not found: nope" })).toBeNull();
    expect(parseSession(fixtureJson("20_create_session.json"))?.state).toEqual({ seeded: true });
  });

  it("lists: JS paginated object and Python array; Python seconds", () => {
    const py = { id: "p", app_name: "a", user_id: "u", state: {}, events: [], last_update_time: 1795257169.858 };
    expect(parseSessionList([py])[0]).toMatchObject({ appName: "a", userId: "u", lastUpdateTime: 1795257169858 });
    expect(parseSessionList({ sessions: [{ id: "x" }, 5], page: 1 }).map((s) => s.id)).toEqual(["x"]);
    expect(parseSessionList("nope")).toEqual([]);
  });
});

describe("live SSE plus the messages Loupe sent", () => {
  it("recording the sent answer keeps the confirmation answered across the next run", () => {
    const first = sseEvents("21");
    const built = buildTimeline(first);
    const [pending] = timelineInterrupts(built, ctx);
    if (pending?.kind !== "confirmation") throw new Error("expected a confirmation");
    const sent = userMessageEvent(confirmationResponse(pending, true), { timestamp: 1795257169787 });
    const tl = buildTimeline([...first, sent, ...sseEvents("22")]);
    const list = timelineInterrupts(tl, ctx);
    expect(list.map((i) => [i.kind, i.status])).toEqual([
      ["confirmation", "answered"],
      ["long_running", "pending"],
    ]);
    // the original delete_file call is paired with its post-approval result
    expect(tl.calls.get("adk-b6e1c298-624a-4573-a6b7-a172435725c7")?.results[0]?.response).toEqual({ deleted: "/tmp/old.log" });
  });

  it("without the sent message, a later run's events alone do not make the confirmation stale", () => {
    // Another invocation is no evidence about this request: only its functionResponse or a new user turn is.
    const tl = buildTimeline([...sseEvents("21"), ...sseEvents("22")]);
    expect(timelineInterrupts(tl, ctx)[0]?.status).toBe("pending");
  });
});

describe("withUnstoredFrames", () => {
  it("puts each recorded frame after the last stored event not later than it", async () => {
    const { withUnstoredFrames } = await import("./session");
    const a = { id: "a", timestamp: 1795257000 }; // Python seconds
    const b = { id: "b", timestamp: 1795257005000 }; // JS ms
    const out = withUnstoredFrames(
      [a, b],
      [
        { receivedAt: 1795257009000, raw: "late" },
        { receivedAt: 1795257001000, raw: "between" },
      ],
    );
    expect(out).toEqual([a, "between", b, "late"]);
    expect(withUnstoredFrames([a], [])).toEqual([a]);
  });
});
