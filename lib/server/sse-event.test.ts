import { describe, expect, it } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import { formatEntryEvent } from "@/lib/server/sse";

const base: Entry = {
  seq: 7,
  connectionId: "agent-1",
  sessionKey: "ctx-1",
  receivedAt: 1_764_000_000_123,
  sourceTime: null,
  direction: "in",
  protocol: "a2a",
  kind: "a2a_frame",
  raw: { payload: { text: 'a "quoted" line\n', n: [1, 2] } },
  rawBytes: 52,
};

/** The event's id and its data, parsed. */
function read(event: string): { id: string; data: unknown } {
  const [id = "", name, data = ""] = event.split("\n");
  expect(name).toBe("event: entry");
  expect(event.endsWith("\n\n")).toBe(true);
  return { id, data: JSON.parse(data.slice("data: ".length)) };
}

describe("formatEntryEvent", () => {
  // Each entry differs from the one before it in one field its stream's entries usually share: the
  // text kept for a run of them must never be another entry's.
  const entries: Entry[] = [
    base,
    { ...base, seq: 8, receivedAt: base.receivedAt + 1 },
    { ...base, seq: 9, connectionId: 'agent-"2"' },
    { ...base, seq: 10, connectionId: 'agent-"2"', sessionKey: null },
    { ...base, seq: 11, connectionId: 'agent-"2"', sessionKey: null, sourceTime: 1_764_000_000_000 },
    { ...base, seq: 12, direction: "out" },
    { ...base, seq: 13, direction: "out", protocol: "mcp", kind: "message" },
    { ...base, seq: 14, kind: "a2a_request", replay: true },
    { ...base, seq: 15, raw: "just text", rawBytes: 11, truncated: true },
    { ...base, seq: 16, raw: null, rawBytes: 4 },
  ];

  it("writes an entry with its raw's text as the same JSON as the entry serialized whole", () => {
    for (const entry of entries) {
      const spliced = read(formatEntryEvent(entry, JSON.stringify(entry.raw)));
      const whole = read(formatEntryEvent(entry));
      expect(spliced.id).toBe(`id: ${entry.seq}`);
      expect(spliced).toEqual(whole);
      expect(spliced.data).toEqual(JSON.parse(JSON.stringify(entry)));
    }
  });

  it("splices the raw's text as given, not serialized again", () => {
    const text = '{"payload": {"b": 2,  "a": [1, 2]}}';
    const event = formatEntryEvent({ ...base, raw: JSON.parse(text) }, text);
    expect(event).toContain(`"raw":${text}}\n\n`);
  });
});
