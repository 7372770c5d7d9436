import { describe, expect, it } from "vitest";
import { SseParser } from "@/lib/sse-reader";

describe("SseParser", () => {
  it("parses events split anywhere, with LF, CRLF or CR line ends, comments and multi-line data", () => {
    const text = ':\n\n: ping\n\nid: 7\nevent: entry\ndata: {"a":\ndata: 1}\n\nid: 8\r\nevent: entry\r\ndata:x\r\n\r\ndata: plain\r\rid\n';
    for (const size of [1, 2, 5, text.length]) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...p.push(text.slice(i, i + size)));
      expect(events).toEqual([
        { event: "entry", data: '{"a":\n1}', id: "7" },
        { event: "entry", data: "x", id: "8" },
        { event: "message", data: "plain", id: "8" },
      ]);
    }
  });

  it("dispatches nothing for an event without data", () => {
    expect(new SseParser().push("event: entry\nid: 3\n\n")).toEqual([]);
  });
});
