// Runs in the launcher (server.ts, plain Node), never in a Next bundle.
import type { IncomingMessage, ServerResponse } from "node:http";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/**
 * What a module of this process left on globalThis under `Symbol.for(name)`: Next's bundles share
 * nothing else with this file, so the value is read as unknown and checked where it is used.
 */
export function sharedGlobal(name: string): unknown {
  const value: unknown = Reflect.get(globalThis, Symbol.for(name));
  return value;
}

/** POST /api/connections/:id/tools/call, the route lib/server/fast-routes.ts may offer. */
const TOOLS_CALL = /^\/api\/connections\/([^/?#]+)\/tools\/call(?:\?|$)/;
type FastHandler = (id: string, req: IncomingMessage) => Promise<{ status: number; json: string }>;

/** The tools/call handler once Next has loaded its route (production), else undefined. */
export function fastToolsCall(req: IncomingMessage): { handler: FastHandler; id: string } | undefined {
  if (req.method !== "POST") return undefined;
  const match = TOOLS_CALL.exec(req.url ?? "");
  const routes = sharedGlobal("loupe.fastRoutes");
  // lib/server/fast-routes.ts keeps a Map of route name → FastHandler.
  const handler: FastHandler | undefined = routes instanceof Map ? routes.get("tools/call") : undefined;
  if (!match || typeof handler !== "function") return undefined;
  try {
    return { handler, id: decodeURIComponent(match[1]!) };
  } catch {
    return undefined; // a malformed escape: Next answers it
  }
}

/** Runs a direct route on the Node request and writes its JSON answer. */
export async function serveDirect(route: { handler: FastHandler; id: string }, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const answer = await route.handler(route.id, req);
    const bytes = Buffer.from(answer.json, "utf8");
    // x-loupe-direct: says which path answered (e2e/fast-route.spec.ts), nothing else reads it.
    res.writeHead(answer.status, {
      "content-type": "application/json",
      "content-length": String(bytes.length),
      "x-loupe-direct": "1",
      // A body refused unread (413) cannot leave the connection reusable.
      ...(req.complete ? {} : { connection: "close" }),
    });
    res.end(bytes);
  } catch (error) {
    logLine("[loupe] route failed:", errorMessage(error));
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ error: { code: "internal:route", message: "The request failed inside Loupe" } }));
  }
}
