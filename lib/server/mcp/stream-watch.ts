import "server-only";
import type { FetchLike } from "@modelcontextprotocol/client";

/** What the HTTP layer of a Streamable HTTP transport tells the connection. */
export interface StreamWatch {
  /** A request carrying this session id was answered 404 (or 400 naming the session): the session is gone. */
  onSessionGone(sessionId: string, reason: string): void;
  /** The SDK re-opened an event stream with Last-Event-ID. */
  onResume?(info: { lastEventId: string; status: number }): void;
  /** Events dropped because their id was already delivered (a server replaying too much). */
  onDuplicate?(eventId: string): void;
}

/**
 * Per spec a 404 to a request with Mcp-Session-Id means the session is gone and the client must
 * start a new one. Some servers (server-everything) answer 400 "No valid session ID" instead.
 */
export function isSessionGone(status: number, body: string, sentSession: boolean): boolean {
  if (!sentSession) return false;
  return status === 404 || (status === 400 && /session/i.test(body));
}

const MAX_SEEN_EVENT_IDS = 10_000;

/**
 * Passes an SSE byte stream through, dropping events whose `id:` was seen before on any stream of
 * this session: a resumed stream may replay events that already arrived (server-everything's event
 * store replays every stream's events after the Last-Event-ID), and each must be delivered once.
 */
export function dedupeSseEvents(seen: Set<string>, onDuplicate?: (id: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  const emit = (block: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    const id = /^id: ?(.*)$/m.exec(block)?.[1];
    if (id) {
      if (seen.has(id)) {
        onDuplicate?.(id);
        return;
      }
      seen.add(id);
      if (seen.size > MAX_SEEN_EVENT_IDS) seen.delete(seen.values().next().value as string);
    }
    controller.enqueue(encoder.encode(`${block}\n\n`));
  };
  return new TransformStream({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      // A CR at the end may be the first half of a CRLF: keep it for the next chunk.
      const keepCr = buffer.endsWith("\r");
      const text = (keepCr ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n");
      const blocks = text.split("\n\n");
      buffer = (blocks.pop() ?? "") + (keepCr ? "\r" : "");
      for (const block of blocks) emit(block, controller);
    },
    flush(controller) {
      const rest = (buffer + decoder.decode()).replace(/\r\n?/g, "\n");
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** Wraps the transport's fetch: sees session loss and resumptions, de-duplicates replayed events. */
export function watchingFetch(base: FetchLike | undefined, watch: StreamWatch): FetchLike {
  const seen = new Set<string>();
  return async (url, init) => {
    const res = await (base ?? fetch)(url, init);
    const headers = new Headers(init?.headers);
    const session = headers.get("mcp-session-id");
    if (session && (res.status === 404 || res.status === 400)) {
      const body =
        res.status === 400
          ? await res
              .clone()
              .text()
              .catch(() => "")
          : "";
      if (isSessionGone(res.status, body, true)) {
        watch.onSessionGone(session, `HTTP ${res.status} to ${init?.method ?? "GET"} for session ${session}`);
      }
    }
    const lastEventId = headers.get("last-event-id");
    if (lastEventId && (init?.method ?? "GET") === "GET") watch.onResume?.({ lastEventId, status: res.status });
    const type = res.headers.get("content-type") ?? "";
    if (res.ok && res.body && type.toLowerCase().includes("text/event-stream")) {
      return new Response(res.body.pipeThrough(dedupeSseEvents(seen, watch.onDuplicate)), {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    }
    return res;
  };
}
