import "server-only";
import type { IncomingMessage } from "node:http";

/** What a direct route answers: its HTTP status and the JSON text of its body. */
export interface FastAnswer {
  status: number;
  json: string;
}

/**
 * A route as the launcher calls it directly: the path's `id` and the Node request (body unread).
 * No Web Request or Response is made: building them and reading them back cost more than the
 * route's own work for a small call.
 */
export type FastHandler = (id: string, req: IncomingMessage) => Promise<FastAnswer>;

/** The routes server.ts may serve without Next's per-request pipeline, by name. */
export type FastRouteName = "tools/call";

const KEY = Symbol.for("loupe.fastRoutes");
type FastGlobal = typeof globalThis & { [KEY]?: Map<FastRouteName, FastHandler> };

/**
 * Offers a route's direct handler to the launcher (server.ts), which calls it for later requests
 * once Next has loaded the route: Next's routing and rendering cost about 5 ms per request, three
 * times a 1 KiB tools/call itself. The gate in server.ts runs before either path, and both paths
 * share the route's parsing, schema and service call, so the answer is the same. Production only.
 */
export function offerFastRoute(name: FastRouteName, handler: FastHandler): void {
  const g = globalThis as FastGlobal;
  (g[KEY] ??= new Map()).set(name, handler);
}
