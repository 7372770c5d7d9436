/**
 * Incremental parser for `/run_sse` bodies (adk.md §0.3, §2): one `data: <json>` frame per event,
 * frames separated by a blank line, no `event:`/`id:` lines, no terminator. Chunks may split
 * anywhere (inside a CRLF pair, inside a UTF-8 sequence): the bytes are decoded here as a stream
 * and the lines assembled by `eventsource-parser` (the WHATWG event-stream rules: CR, LF or CRLF
 * line ends, multi-line data joined with "\n", comments skipped).
 */
import { createParser } from "eventsource-parser";
import { LineAlignedText } from "@/lib/sse-aligned";
import { field, str } from "./guards";
import { errorMessage, isRecord } from "@/lib/values";

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
    const payload: unknown = JSON.parse(text);
    return classifyPayload(payload, text);
  } catch (e) {
    return { kind: "malformed", text, error: errorMessage(e) };
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
  let out: SseFrame[] = [];
  let started = false;
  // `event:`, `id:` and `retry:` are not used by ADK; a frame is its data, whatever its event name.
  const parser = createParser({ onEvent: (message) => out.push(parseData(message.data)) });
  // Reads go to the parser in whole lines (sse-aligned.ts: a join of two reads is slow to search).
  const aligned = new LineAlignedText((text) => parser.feed(text));

  function feed(text: string): SseFrame[] {
    if (!started && text.length > 0) {
      started = true;
      // A BOM on a body given as text (bytes lose theirs in the TextDecoder).
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    aligned.push(text);
    return take();
  }

  function take(): SseFrame[] {
    const frames = out;
    out = [];
    return frames;
  }

  return {
    push(chunk) {
      return feed(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    },
    end() {
      const rest = decoder.decode();
      // ADK ends the body after its last frame, sometimes without the blank line: two line ends
      // finish the open line and dispatch what was collected (a no-op when nothing is pending).
      aligned.push(rest);
      aligned.flush();
      parser.feed("\n\n");
      return take();
    },
  };
}

/** Parses a whole SSE body at once. */
export function parseSseBody(body: string | Uint8Array): SseFrame[] {
  const parser = createSseParser();
  return [...parser.push(body), ...parser.end()];
}
