/**
 * Incremental parser for `/run_sse` bodies (adk.md §0.3, §2): one `data: <json>` frame per event,
 * frames separated by a blank line, no `event:`/`id:` lines, no terminator. Chunks may split
 * anywhere (inside a CRLF pair, inside a UTF-8 sequence), so line assembly is done here, following
 * the WHATWG event-stream rules (CR, LF or CRLF line ends; multi-line data joined with "\n").
 */
import { isRecord, field, str } from "./guards";

export type SseFrame =
  /** A JSON payload (normally an ADK Event; give it to `normalizeEvent`). */
  | { kind: "event"; data: unknown; text: string }
  /** `{"error": …}` without `invocationId`: JS `{"error":"…"}`, Python adds `error_details`. */
  | { kind: "stream_error"; message: string; details?: unknown; data: unknown; text: string }
  /** A frame whose data is not JSON (e.g. a body cut mid-frame). */
  | { kind: "malformed"; text: string; error: string };

/** Classifies one parsed payload (also used for `/run` arrays and error bodies). */
export function classifyPayload(data: unknown, text: string): SseFrame {
  if (isRecord(data) && "error" in data && !("invocationId" in data) && !("invocation_id" in data)) {
    const err = data.error;
    const nested = isRecord(err) ? str(err.message) : undefined;
    const message = typeof err === "string" ? err : (nested ?? JSON.stringify(err));
    const details = field(data, "errorDetails");
    return { kind: "stream_error", message, ...(details !== undefined ? { details } : {}), data, text };
  }
  return { kind: "event", data, text };
}

function parseData(text: string): SseFrame {
  try {
    return classifyPayload(JSON.parse(text) as unknown, text);
  } catch (e) {
    return { kind: "malformed", text, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface SseParser {
  /** Feeds a chunk (text or raw bytes); returns the frames it completed. */
  push(chunk: string | Uint8Array): SseFrame[];
  /** Flushes at end of body: a last frame without its blank line is still returned. */
  end(): SseFrame[];
}

export function createSseParser(): SseParser {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let dataLines: string[] = [];
  let started = false;
  // A chunk ending in "\r" may be the first half of "\r\n": hold the decision until the next char.
  let pendingCr = false;

  function dispatch(out: SseFrame[]): void {
    if (dataLines.length === 0) return;
    const text = dataLines.join("\n");
    dataLines = [];
    out.push(parseData(text));
  }

  function line(l: string, out: SseFrame[]): void {
    if (l === "") return dispatch(out);
    if (l.startsWith(":")) return; // comment / keep-alive
    const colon = l.indexOf(":");
    const name = colon === -1 ? l : l.slice(0, colon);
    let value = colon === -1 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") dataLines.push(value);
    // event:, id:, retry: are not used by ADK; ignored per the spec's unknown-field rule.
  }

  function feed(text: string, out: SseFrame[]): void {
    if (!started && text.length > 0) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (pendingCr && text.length > 0) {
      pendingCr = false;
      if (text[0] === "\n") text = text.slice(1);
    }
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      line(buffer.slice(start, i), out);
      if (c === 13) {
        if (i + 1 < buffer.length) {
          if (buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          pendingCr = true;
        }
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  }

  return {
    push(chunk) {
      const out: SseFrame[] = [];
      feed(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }), out);
      return out;
    },
    end() {
      const out: SseFrame[] = [];
      feed(decoder.decode(), out);
      if (buffer !== "") line(buffer, out);
      buffer = "";
      dispatch(out);
      return out;
    },
  };
}

/** Parses a whole SSE body at once. */
export function parseSseBody(body: string | Uint8Array): SseFrame[] {
  const parser = createSseParser();
  return [...parser.push(body), ...parser.end()];
}
