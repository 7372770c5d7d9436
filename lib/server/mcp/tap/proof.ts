import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { getTaps } from "@/lib/server/mcp/tap/store";

/**
 * `GET /mcp/<tap id>/proof?nonce=<64 hex>`: the `loupe tap` bin asks this before it sends a key
 * it read from taps.json, because the port there may be stale (Loupe stopped or crashed) and
 * another program may listen on it now. Loupe answers HMAC-SHA256(key, TAP_PROOF_PREFIX + port +
 * "\n" + tapId + "\n" + nonce): only the holder of the key can, the port binds the answer to this
 * listener (a program on the stale port cannot relay the nonce to a Loupe on another port: the
 * launcher refuses a Host that is not Loupe's own port), and the prefix keeps it from being a MAC
 * of anything else. An unknown tap gets a MAC under a random secret, so the route does not say
 * which taps exist. Nothing but the proof is answered.
 */
export const TAP_PROOF_PREFIX = "loupe-tap-proof-v1\n";
const NONCE = /^[0-9a-f]{64}$/;
const UNKNOWN_TAP_SECRET = randomBytes(32);

export function tapProof(key: string | Buffer, port: string, tapId: string, nonce: string): string {
  return createHmac("sha256", key).update(`${TAP_PROOF_PREFIX}${port}\n${tapId}\n${nonce}`).digest("hex");
}

/** A proof answer: its status, JSON body and headers. */
export interface ProofAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const refusal = (status: number, message: string, headers?: Record<string, string>): ProofAnswer => ({
  status,
  body: { jsonrpc: "2.0", id: null, error: { code: -32600, message } },
  ...(headers ? { headers } : {}),
});

export function proofOf(method: string, url: URL): ProofAnswer | undefined {
  const match = /^\/mcp\/([^/]+)\/proof$/.exec(url.pathname);
  if (!match) return undefined;
  if (method !== "GET") return refusal(405, "A tap's proof is asked with GET", { Allow: "GET" });
  const nonce = url.searchParams.get("nonce") ?? "";
  if (!NONCE.test(nonce)) return refusal(400, "The proof's nonce must be 64 lowercase hex characters (32 random bytes)");
  let tapId: string;
  try {
    tapId = decodeURIComponent(match[1]!);
  } catch {
    return refusal(404, "Not found: a tap's endpoint is /mcp/<tap id>");
  }
  const tap = getTaps().get(tapId);
  return {
    status: 200,
    body: { proof: tapProof(tap ? tap.key : UNKNOWN_TAP_SECRET, url.port, tapId, nonce) },
    headers: { "Cache-Control": "no-store" },
  };
}
