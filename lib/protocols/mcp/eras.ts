/**
 * What MCP 2026-07-28 removed that Loupe offers on a 2025-11-25 connection, in words for the UI and
 * the API (shared by both). The list follows the SDK v2's 2026-07-28 method registry: these methods
 * are not part of that revision's wire. resources/subscribe is not here: Loupe carries the same
 * subscriptions in the subscriptions/listen filter (lib/server/mcp/resources/listen.ts).
 */
export type RemovedInModern = "ping" | "logging/setLevel" | "notifications/roots/list_changed";

export const REMOVED_IN_MODERN: Record<RemovedInModern, string> = {
  ping: "ping does not exist in MCP 2026-07-28 (the revision is stateless: every request is its own liveness check)",
  "logging/setLevel":
    "logging/setLevel does not exist in MCP 2026-07-28: Loupe sends the level you pick with each request (_meta io.modelcontextprotocol/logLevel); stdio servers may also log to stderr",
  "notifications/roots/list_changed":
    "notifications/roots/list_changed does not exist in MCP 2026-07-28: the server asks for roots inside each request that needs them",
};

/** The revision Loupe speaks on a modern connection; the legacy handshake offers 2025-11-25. */
export const MODERN_REVISION = "2026-07-28";
