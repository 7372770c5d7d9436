import { describe, expect, it } from "vitest";
import { parseEventData, SseParser } from "@/lib/server/langgraph/sse";
import type { SseEvent } from "@/lib/server/langgraph/sse";

function parse(chunks: string[]): { events: SseEvent[]; cut: boolean } {
  const events: SseEvent[] = [];
  const p = new SseParser((e) => events.push(e));
  for (const c of chunks) p.feed(c);
  return { events, ...p.end() };
}

describe("SseParser", () => {
  it("joins multi-line data with \\n and keeps event and id", () => {
    const { events, cut } = parse(['event: values\nid: 3\ndata: {\ndata:   "a": 1\ndata: }\n\n']);
    expect(cut).toBe(false);
    expect(events).toEqual([{ event: "values", id: "3", data: '{\n  "a": 1\n}' }]);
    expect(parseEventData(events[0]!.data)).toEqual({ ok: true, value: { a: 1 } });
  });

  it("reads CRLF and lone CR line ends, even split between chunks", () => {
    const { events } = parse(["event: a\r", "\ndata: 1\r\n\r", "\nevent: b\rdata: 2\r\r"]);
    expect(events).toEqual([
      { event: "a", data: "1" },
      { event: "b", data: "2" },
    ]);
  });

  it("skips comments, ignores unknown fields, keeps unknown event names and defaults to message", () => {
    const { events } = parse([": ping\n\nretry: 10\nfoo: bar\nevent: updates|publish:abc\ndata: {}\n\ndata: x\n\n"]);
    expect(events).toEqual([
      { event: "updates|publish:abc", data: "{}" },
      { event: "message", data: "x" },
    ]);
  });

  it("splits anywhere: one byte at a time gives the same events", () => {
    const text = 'event: metadata\ndata: {"run_id": "r1"}\n\nevent: updates\ndata: {}\n\n';
    expect(parse([...text]).events).toEqual(parse([text]).events);
  });

  it("flags data that is not JSON (kept as text)", () => {
    const { events } = parse(["event: values\ndata: {not json\n\n"]);
    const got = parseEventData(events[0]!.data);
    expect(got.ok).toBe(false);
    expect(got.ok ? "" : got.error).toMatch(/^Not JSON/);
  });

  it("a stream cut mid-event is reported cut, and the half event is still handed over", () => {
    const { events, cut } = parse(['event: values\ndata: {"a": 1}\n\nevent: updates\ndata: {"b":']);
    expect(cut).toBe(true);
    expect(events).toEqual([
      { event: "values", data: '{"a": 1}' },
      { event: "updates", data: '{"b":' },
    ]);
  });

  it("an id does not carry over to the next event that names none", () => {
    const { events } = parse(["id: 1\ndata: a\n\ndata: b\n\n"]);
    expect(events).toEqual([
      { event: "message", id: "1", data: "a" },
      { event: "message", data: "b" },
    ]);
  });
});
