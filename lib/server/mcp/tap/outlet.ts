import "server-only";
import type { ServerResponse } from "node:http";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/server";

/**
 * What the tap's 2025-11-25 transport (node-transport.ts) writes its answers into: an outlet per HTTP
 * response, and how long an answer is held before the response turns into an SSE stream.
 */

export const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive" };
export const KEEP_ALIVE_MS = 15_000;
/**
 * How long an answer may take and still leave as JSON (a loaded machine's 1 KiB call can take over
 * 50 ms). A longer call gets a stream with its priming event, so it can be resumed (SEP-1699): the
 * conformance suite's test_reconnection answers after 300 ms and must see that stream.
 * LOUPE_TAP_JSON_HOLD_MS sets it for tests that must not depend on the machine's speed.
 */
export const jsonHoldMs = (): number => Number(process.env.LOUPE_TAP_JSON_HOLD_MS) || 200;
/** The stream id of the session's GET stream (the SDK's). */
export const GET_STREAM = "_GET_stream";

/** One HTTP response carrying a session's messages: a POST's answer, or a GET stream. */
export interface Outlet {
  streamId: string;
  res: ServerResponse;
  /** held: nothing written yet (the answer may still leave as JSON); sse: a stream is open. `timer`: the hold, then the keep-alive. */
  state: "held" | "sse";
  /** The requests it answers (none for a GET stream) and the answers held for them. */
  ids: RequestId[];
  held: JSONRPCMessage[];
  version: string;
  replayed?: Set<string>;
  timer?: NodeJS.Timeout;
}
