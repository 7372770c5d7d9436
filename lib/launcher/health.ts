import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Health and readiness for whatever runs Loupe (a load balancer, a container's probes, a script):
 * `GET /healthz` answers 200 while the process serves; `GET /readyz` answers 200 once Loupe can
 * serve its API (Next prepared, boot done, the store answering a query) and 503 with the reason
 * before that or when the store stops answering. Neither needs the login token nor checks Host (a
 * probe comes from the platform, by address): they say nothing but these states, never a secret.
 */
export type HealthKind = "live" | "ready";

export function healthKind(url: string): HealthKind | null {
  const path = url.split("?")[0];
  if (path === "/healthz") return "live";
  if (path === "/readyz") return "ready";
  return null;
}

export type Readiness = { ok: true; store: string } | { ok: false; reason: string };

/** What the launcher knows: whether Next is prepared and boot has run, and a way to ask the store. */
export interface HealthState {
  phase(): "starting" | "booting" | "serving";
  /** Runs one query on the store; throws when the store does not answer. Null when no store is open yet. */
  probeStore(): string | null;
}

export function readiness(state: HealthState): Readiness {
  const phase = state.phase();
  if (phase === "starting") return { ok: false, reason: "Next.js is still starting" };
  if (phase === "booting") return { ok: false, reason: "Loupe is still starting its connections" };
  try {
    return { ok: true, store: state.probeStore() ?? "not opened yet" };
  } catch (error) {
    return { ok: false, reason: `the store does not answer: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function serveHealth(kind: HealthKind, req: IncomingMessage, res: ServerResponse, state: HealthState): void {
  const method = (req.method ?? "GET").toUpperCase();
  const send = (status: number, body: object) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(text) });
    res.end(method === "HEAD" ? undefined : text);
  };
  if (method !== "GET" && method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return send(405, { error: { code: "method_not_allowed:health", message: `${method} is not allowed here: use GET` } });
  }
  if (kind === "live") return send(200, { status: "ok" });
  const ready = readiness(state);
  if (ready.ok) return send(200, { status: "ready", store: ready.store });
  send(503, { status: "not_ready", reason: ready.reason });
}

/** The process's store, if one is open (store.ts keeps it on globalThis): one query, and its kind. */
export function probeGlobalStore(): string | null {
  const store: unknown = Reflect.get(globalThis, Symbol.for("loupe.store"));
  if (typeof store !== "object" || store === null || !("engine" in store) || !("db" in store)) return null;
  const { engine, db } = store;
  if (typeof db !== "object" || db === null || !("prepare" in db) || typeof db.prepare !== "function") return null;
  const statement: unknown = db.prepare("SELECT 1 AS ok");
  if (typeof statement === "object" && statement !== null && "get" in statement && typeof statement.get === "function") statement.get();
  const kind = typeof engine === "object" && engine !== null && "kind" in engine ? String(engine.kind) : "unknown";
  return kind;
}
