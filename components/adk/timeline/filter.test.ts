import { describe, expect, it } from "vitest";
import { buildTimeline } from "@/lib/protocols/adk/timeline";
import { sessionFixture, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { DEFAULT_TIMELINE_FILTER, filterTimeline, isFiltering, timelineAuthors, timelineToolNames, type TimelineFilter } from "./filter";
import { buildRows, entryDepth } from "./rows";

const tl = buildTimeline(sessionFixture("26_get_session_full.json").events, { seeded: true });
const f = (patch: Partial<TimelineFilter>): TimelineFilter => ({ ...DEFAULT_TIMELINE_FILTER, ...patch });
const only = (...kinds: Array<keyof TimelineFilter["kinds"]>): TimelineFilter["kinds"] => ({
  text: kinds.includes("text"),
  tool_calls: kinds.includes("tool_calls"),
  state: kinds.includes("state"),
  artifacts: kinds.includes("artifacts"),
  errors: kinds.includes("errors"),
  interrupts: kinds.includes("interrupts"),
});

describe("filterTimeline", () => {
  it("passes everything by default", () => {
    expect(filterTimeline(tl, DEFAULT_TIMELINE_FILTER)).toEqual(tl.entries.map((e) => e.index));
    expect(isFiltering(DEFAULT_TIMELINE_FILTER)).toBe(false);
  });

  it("by tool name: the call and every result of it", () => {
    expect(filterTimeline(tl, f({ tool: "call_secure_api" }))).toEqual([11, 13, 15]);
    expect(filterTimeline(tl, f({ tool: "adk_request_confirmation" }))).toEqual([4, 5]);
    expect(isFiltering(f({ tool: "x" }))).toBe(true);
  });

  it("by text, case-insensitive, over text, args, responses, state keys and authors", () => {
    expect(filterTimeline(tl, f({ search: "/TMP/old.log" }))).toEqual([3, 4, 6]);
    expect(filterTimeline(tl, f({ search: "user:lookups" }))).toEqual([2]);
    expect(filterTimeline(tl, f({ search: "helper_agent" }))).toEqual([16, 17, 18, 20]);
    expect(filterTimeline(tl, f({ search: "  " }))).toHaveLength(21);
    expect(filterTimeline(tl, f({ search: "no such thing" }))).toEqual([]);
  });

  it("by author, and combined with text", () => {
    expect(filterTimeline(tl, f({ author: "user" }))).toEqual([0, 5, 10, 14, 19]);
    expect(filterTimeline(tl, f({ author: "user", search: "hello" }))).toEqual([19]);
  });

  it("by kind: an entry shows when one of its items is of an enabled kind", () => {
    expect(filterTimeline(tl, f({ kinds: only("interrupts") }))).toEqual([4, 7, 12]);
    expect(filterTimeline(tl, f({ kinds: only("state", "artifacts") }))).toEqual([2, 18, 20]);
    const errors = buildTimeline([...sseEvents("09"), { error: "stream broke" }, "garbage"]);
    expect(filterTimeline(errors, f({ kinds: only("errors") }))).toEqual([0, 1, 2]);
    expect(filterTimeline(errors, f({ kinds: only("text") }))).toEqual([]);
  });

  it("lists authors in order of appearance and tool names sorted", () => {
    expect(timelineAuthors(tl)).toEqual(["user", "inspector_demo", "helper_agent"]);
    expect(timelineToolNames(tl)).toEqual([
      "adk_request_confirmation",
      "adk_request_credential",
      "call_secure_api",
      "delete_file",
      "get_weather",
      "start_job",
      "transfer_to_agent",
    ]);
  });
});

describe("buildRows", () => {
  it("one header per invocation, events in order", () => {
    const rows = buildRows(tl, { view: "raw", visible: filterTimeline(tl, DEFAULT_TIMELINE_FILTER), expanded: new Set() });
    expect(rows.filter((r) => r.type === "invocation")).toHaveLength(5);
    expect(rows.slice(0, 3).map((r) => r.type)).toEqual(["invocation", "event", "event"]);
    // A filter that drops an invocation's first events still heads the rest with its header.
    const some = buildRows(tl, { view: "raw", visible: [9, 18], expanded: new Set() });
    expect(some.map((r) => r.type)).toEqual(["invocation", "event", "invocation", "event"]);
  });

  it("model view: the latest compaction first, covered events only under the opened fold", () => {
    const c = buildTimeline(sessionFixture("66_compaction_session.json").events);
    const all = filterTimeline(c, DEFAULT_TIMELINE_FILTER);
    const closed = buildRows(c, { view: "model", visible: all, expanded: new Set() });
    expect(closed[0]).toMatchObject({ type: "fold", entry: 10 });
    expect(closed.filter((r) => r.type === "event").map((r) => r.type === "event" && r.entry)).toEqual([8, 9, 11]);
    const open = buildRows(c, { view: "model", visible: all, expanded: new Set([10]) });
    expect(open.filter((r) => r.type === "event" && r.inFold)).toHaveLength(8);
  });

  it("depth from branch and workflow node path", () => {
    const w = buildTimeline(sessionFixture("53_workflow_session.json").events);
    expect(w.entries.map((e) => entryDepth(e))).toEqual([0, 1, 0, 0, 1, 1, 0, 0, 1, 1]);
    const b = buildTimeline([{ id: "x", invocationId: "e", author: "a", branch: "root.sub.leaf", content: { parts: [{ text: "t" }] } }]);
    expect(entryDepth(b.entries[0])).toBe(2);
  });
});
