// The Network view's shapes, shared by the server and the browser (types and zod only).
import { z } from "zod";

/** Loupe entry kind of one HTTP exchange of a remote connection (protocol "loupe", direction "out"). */
export const HTTP_EXCHANGE_KIND = "http_exchange";

/**
 * open: headers arrived, an event stream is still flowing (recorded once at that moment);
 * done: the body was read to its end; aborted: the reader stopped early (the SDK cancelled the
 * body, a stream closed by Loupe); error: no answer at all, or the body broke off (`error` says why).
 */
export type HttpExchangeState = "open" | "done" | "aborted" | "error";

/** One JSON-RPC message an exchange carried: its id links it to the traffic view's row. */
export interface CarriedMessage {
  /** out: in the request body; in: in the response body (JSON or one SSE event). */
  dir: "out" | "in";
  id?: string | number;
  method?: string;
  /** What a request names: `params.name` (tool, prompt) or `params.uri` (resource), cut to 200 characters. */
  name?: string;
  /** A response (result or error) rather than a request or notification. */
  response?: boolean;
}

/**
 * One HTTP exchange, secrets masked (raw of an `http_exchange` entry). Bodies are not kept —
 * the traffic view has the messages — except a short preview of an answer that carried none
 * (an error page, a 400 "No valid session ID").
 */
export interface HttpExchange {
  /** Stable across the open and the final record of one exchange. */
  id: string;
  state: HttpExchangeState;
  method: string;
  url: string;
  /** 0 when no answer came (see `error`). */
  status: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** ms since epoch when the request left. */
  startedAt: number;
  /** ms from start to the response headers. */
  headersMs?: number;
  /** ms from start to the body's end (for an event stream: how long it was open). */
  durationMs?: number;
  requestBytes: number;
  responseBytes: number;
  /** Set for a `text/event-stream` answer. */
  stream?: { events: number; lastEventId?: string };
  /** At most MAX_CARRIED of them; `messagesOmitted` counts the rest. */
  messages: CarriedMessage[];
  messagesOmitted?: number;
  /** Masked, at most a few KB: only for an answer that carried no JSON-RPC message. */
  responsePreview?: string;
  /** Network failure in words (connection refused …), or the body breaking off. */
  error?: string;
}

export const MAX_CARRIED = 50;

export const NetworkLogQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});

/** GET /api/connections/:id/network: exchanges oldest first, the open record replaced by the final one. */
export interface NetworkLog {
  exchanges: Array<HttpExchange & { seq: number }>;
  /** The seq to pass as `before` for older exchanges, when there may be more. */
  before?: number;
}

/** Request headers that route or resume MCP traffic (shown first; SEP-2243 and the session/resume headers). */
export const ROUTING_HEADERS = ["mcp-method", "mcp-name", "mcp-protocol-version", "mcp-session-id", "last-event-id"] as const;
