import "server-only";

/** A route handler as Next calls it. */
export type FastHandler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

/** The routes server.ts may serve without Next's per-request pipeline, by name. */
export type FastRouteName = "tools/call";

const KEY = Symbol.for("loupe.fastRoutes");
type FastGlobal = typeof globalThis & { [KEY]?: Map<FastRouteName, FastHandler> };

/**
 * Offers a route's own handler to the launcher (server.ts), which calls it directly for later
 * requests once Next has loaded the route: Next's routing and rendering cost about 5 ms per
 * request, three times a 1 KiB tools/call itself. The gate in server.ts runs before either path,
 * and the handler is the same code, so the answer is the same. Production only (server.ts).
 */
export function offerFastRoute(name: FastRouteName, handler: FastHandler): void {
  const g = globalThis as FastGlobal;
  (g[KEY] ??= new Map()).set(name, handler);
}
