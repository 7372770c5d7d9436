import "server-only";
import { isRecord } from "@/lib/values";

/** undici's codes for a kept-alive socket the agent closed (it restarted, or timed the socket out). */
const STALE_SOCKET = new Set(["UND_ERR_SOCKET", "ECONNRESET"]);

/** The system error code (ECONNRESET…) a failed fetch carries in its cause. */
export function causeCode(e: unknown): string | undefined {
  const cause = isRecord(e) ? e.cause : undefined;
  return isRecord(cause) && typeof cause.code === "string" ? cause.code : undefined;
}

/**
 * fetch, tried a second time when the first attempt died on a pooled socket the agent had closed
 * before answering (no response at all: the agent never read the request), e.g. after it restarted.
 */
export async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    const code = causeCode(e);
    if (!code || !STALE_SOCKET.has(code) || init.signal?.aborted) throw e;
    return fetch(url, init);
  }
}
