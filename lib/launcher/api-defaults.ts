import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Next answers a method an /api route does not export with a bare 405 (no body, no Allow): said
 * here in JSON with its own code, like every route's errors, when Next ends that response empty.
 */
export function jsonMethodNotAllowed(req: IncomingMessage, res: ServerResponse): void {
  if (!(req.url ?? "").startsWith("/api/")) return;
  const end = res.end;
  // Replaced through Reflect: end() is overloaded, and only its no-body call is changed here.
  Reflect.set(res, "end", (...args: unknown[]) => {
    const empty = args.length === 0 || typeof args[0] === "function" || args[0] === undefined || args[0] === null;
    if (res.statusCode !== 405 || !empty || res.headersSent) return Reflect.apply(end, res, args);
    const path = (req.url ?? "").split(/[?#]/)[0];
    const body = JSON.stringify({
      error: { code: "bad_request:method", message: `${req.method ?? "This method"} is not served at ${path}` },
    });
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    return Reflect.apply(end, res, [body, ...args.filter((a) => typeof a === "function")]);
  });
}
