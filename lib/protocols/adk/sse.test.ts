import { describe, expect, it } from "vitest";
import { createSseParser, parseSseBody, type SseFrame } from "./sse";
import { fixtureBytes, fixtureNames } from "./test-fixtures";

const enc = new TextEncoder();

function parseInChunks(bytes: Uint8Array, cuts: number[]): SseFrame[] {
  const p = createSseParser();
  const out: SseFrame[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...p.push(bytes.subarray(from, cut)));
    from = cut;
  }
  return [...out, ...p.end()];
}

describe("SSE parser on the captures", () => {
  it.each(fixtureNames(".sse"))("%s: one JSON frame per data line, none malformed", (name) => {
    const bytes = fixtureBytes(name);
    const dataLines = new TextDecoder()
      .decode(bytes)
      .split("\n")
      .filter((l) => l.startsWith("data: ")).length;
    const frames = parseSseBody(bytes);
    expect(frames).toHaveLength(dataLines);
    expect(frames.filter((f) => f.kind === "malformed")).toEqual([]);
  });

  it("31: the confirmation_not_required failure is a stream-level error frame", () => {
    const [frame] = parseSseBody(fixtureBytes("31_payload_confirmation_approved.sse"));
    expect(frame).toMatchObject({ kind: "stream_error" });
    expect(frame?.kind === "stream_error" && frame.message).toMatch(/confirmation_not_required/);
  });

  it("79: unknown app arrives as one error frame", () => {
    const frames = parseSseBody(fixtureBytes("79_run_sse_unknown_app.txt"));
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ kind: "stream_error" });
  });

  it.each(["03_full_step1_streaming_true.sse", "21_full_step1_until_confirmation.sse"])(
    "%s: split at every byte offset gives the same frames",
    (name) => {
      const bytes = fixtureBytes(name);
      const whole = parseSseBody(bytes);
      expect(whole.length).toBeGreaterThan(1);
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(parseInChunks(bytes, [cut])).toEqual(whole);
      }
    },
  );

  it("CRLF line ends split inside the CR LF pair and inside UTF-8 give the same frames", () => {
    const text = new TextDecoder().decode(fixtureBytes("24_after_credential_until_transfer.sse"));
    const whole = parseSseBody(text);
    const crlf = enc.encode(text.replace(/\n/g, "\r\n") + 'data: {"text":"é ü 🙂"}\r\n\r\n');
    const expected = [...whole, { kind: "event", data: { text: "é ü 🙂" }, text: '{"text":"é ü 🙂"}' }];
    for (let cut = 0; cut <= crlf.length; cut += 7) {
      expect(parseInChunks(crlf, [cut, Math.min(crlf.length, cut + 3)])).toEqual(expected);
    }
    // bare CR line ends are legal SSE too
    expect(parseSseBody(text.replace(/\n/g, "\r"))).toEqual(whole);
  });
});

describe("SSE parser edge cases", () => {
  it("Python error frame keeps error_details", () => {
    const body = 'data: {"error":"ValueError: boom","error_details":{"error_type":"ValueError","error_message":"boom"}}\n\n';
    expect(parseSseBody(body)).toEqual([
      {
        kind: "stream_error",
        message: "ValueError: boom",
        details: { error_type: "ValueError", error_message: "boom" },
        data: { error: "ValueError: boom", error_details: { error_type: "ValueError", error_message: "boom" } },
        text: '{"error":"ValueError: boom","error_details":{"error_type":"ValueError","error_message":"boom"}}',
      },
    ]);
  });

  it("an object with error and invocationId is an event, not a stream error", () => {
    const [f] = parseSseBody('data: {"invocationId":"e-1","error":"x"}\n\n');
    expect(f?.kind).toBe("event");
  });

  it("non-JSON data is a malformed frame, comments and other fields are ignored, data lines join", () => {
    const body = ': keep-alive\n\nevent: x\nid: 3\ndata: {"a":\ndata: 1}\n\ndata: not json\n\n';
    const frames = parseSseBody(body);
    expect(frames[0]).toEqual({ kind: "event", data: { a: 1 }, text: '{"a":\n1}' });
    expect(frames[1]).toMatchObject({ kind: "malformed", text: "not json" });
    expect(frames).toHaveLength(2);
  });

  it("a last frame without its blank line is flushed at end; a cut frame is malformed; BOM stripped", () => {
    expect(parseSseBody('\uFEFFdata: {"a":1}')).toEqual([{ kind: "event", data: { a: 1 }, text: '{"a":1}' }]);
    const cut = parseSseBody('data: {"a":1}\n\ndata: {"b"');
    expect(cut.map((f) => f.kind)).toEqual(["event", "malformed"]);
  });

  it("a body that ends on a lone CR, or with CR-only line ends, still gives every frame once", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"a":1}\r\rdata: {"b":2}\r')).toEqual([{ kind: "event", data: { a: 1 }, text: '{"a":1}' }]);
    expect(parser.end()).toEqual([{ kind: "event", data: { b: 2 }, text: '{"b":2}' }]);
    expect(parser.end()).toEqual([]);
  });

  it("empty body gives no frames", () => {
    expect(parseSseBody("")).toEqual([]);
  });
});
