import "server-only";
import { APP_MIME_TYPE } from "@/lib/apps/tool-ui";

/** The MCP Apps extension id (SEP-1865 "Client<>Server Capability Negotiation"). */
export const APPS_EXTENSION = "io.modelcontextprotocol/ui";

/**
 * Loupe renders MCP apps on every connection, so it always says so: servers SHOULD register their
 * UI tools only for a client that declares `extensions["io.modelcontextprotocol/ui"]` with the
 * HTML MIME type, and would otherwise hide the apps Loupe is there to inspect.
 */
export function withAppsExtension<C extends { extensions?: Record<string, object> }>(caps: C): C {
  return { ...caps, extensions: { ...caps.extensions, [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };
}
