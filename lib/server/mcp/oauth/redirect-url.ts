import "server-only";
import { OAUTH_CALLBACK_PATH } from "@/lib/server/mcp/oauth/pending-states";

export { OAUTH_CALLBACK_PATH };
const DEFAULT_PORT = 6280;
const ANY_OR_LOOPBACK = new Set(["0.0.0.0", "::", "127.0.0.1", "localhost", "::1", ""]);

/**
 * Where the authorization server sends the browser back. LOUPE_PUBLIC_URL wins (tests, a proxy);
 * otherwise the launcher's address: LOUPE_PORT (set by server.ts once listening) on 127.0.0.1 —
 * the host of the URL Loupe prints, so the callback lands on the origin whose localStorage holds
 * Loupe's token (lib/client-token.ts) — or the
 * explicit non-loopback --host from LOUPE_BOOT.
 */
export function publicBaseUrl(): string {
  const explicit = process.env.LOUPE_PUBLIC_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, "");
  const port = Number(process.env.LOUPE_PORT) || DEFAULT_PORT;
  let host = "127.0.0.1";
  try {
    const boot = JSON.parse(process.env.LOUPE_BOOT ?? "{}") as { host?: string };
    if (boot.host && !ANY_OR_LOOPBACK.has(boot.host)) host = boot.host.includes(":") ? `[${boot.host}]` : boot.host;
  } catch {
    // no launcher options: the default host
  }
  return `http://${host}:${port}`;
}

export function redirectUrl(): string {
  return publicBaseUrl() + OAUTH_CALLBACK_PATH;
}
