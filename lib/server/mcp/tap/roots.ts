import "server-only";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Server } from "@modelcontextprotocol/server";
import { logLine } from "@/lib/log-text";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { getRegistry } from "@/lib/server/mcp/registry";
import { tellRootsChanged } from "@/lib/server/mcp/requests";
import { isRecord } from "@/lib/values";

/**
 * Roots through the tap (issue 23). A server that reads roots outside any call (server-filesystem
 * does, after `initialized` and on notifications/roots/list_changed) asks Loupe, its one client.
 * Loupe's connection to it is shared by Loupe's own UI and every tapped client (through the
 * connection's tap or an aggregate one), so the server can see one list of roots, and the rule is:
 *
 *   the roots of the tapped client that most recently opened a session declaring roots, or said
 *   its roots changed, while that session lasts; with none, the connection's own roots (its Roots
 *   tab in Loupe).
 *
 * Each change of who holds the roots, and each change the holder announces, is passed on upstream
 * as notifications/roots/list_changed, so the server asks again. A roots/list asked during a
 * tapped call still goes to that call's own client (links.ts). A 2026-07-28 client has no session:
 * it holds roots only for its own calls. The same sentence is in the tap panel (TAP_ROOTS_RULE).
 */

/** A tapped client's session that declared roots. */
interface RootsHolder {
  tapId: string;
  client?: { name: string; version?: string };
  /** Asks the client for its roots, on its session's stream. */
  list(signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** How long a roots/list waits for the client's stream to open, then for its answer. */
const STREAM_WAIT_MS = 5_000;
const ANSWER_TIMEOUT_MS = 30_000;

const KEY = Symbol.for("loupe.tapRoots");
type RootsGlobal = typeof globalThis & { [KEY]?: Map<string, RootsHolder[]> };

/** Connection id → the holders of its roots, the current one last. */
function holders(): Map<string, RootsHolder[]> {
  const g = globalThis as RootsGlobal;
  return (g[KEY] ??= new Map());
}

/** The tapped client whose roots a connection's server sees now, if one holds them. */
export function rootsHolder(connectionId: string): RootsHolder | undefined {
  return holders().get(connectionId)?.at(-1);
}

function tell(connectionId: string): void {
  const conn = getRegistry().has(connectionId) ? getRegistry().connection(connectionId) : undefined;
  if (!conn) return;
  void tellRootsChanged(conn).then((notice) => {
    if (!notice.ok) logLine(`[loupe] tap: could not tell "${conn.config.name}" its roots changed:`, notice.message);
  });
}

/** `holder` holds the roots of these connections now (newest); each server is told. */
function take(connectionIds: string[], holder: RootsHolder): void {
  for (const id of connectionIds) {
    const list = (holders().get(id) ?? []).filter((h) => h !== holder);
    list.push(holder);
    holders().set(id, list);
    tell(id);
  }
}

/** `holder`'s session ended; a server whose roots it held is told (the previous holder's, or Loupe's, now). */
function release(connectionIds: string[], holder: RootsHolder): void {
  for (const id of connectionIds) {
    const list = holders().get(id);
    if (!list?.includes(holder)) continue;
    const wasCurrent = list.at(-1) === holder;
    const rest = list.filter((h) => h !== holder);
    if (rest.length) holders().set(id, rest);
    else holders().delete(id);
    if (wasCurrent) tell(id);
  }
}

/** Resolves once `ready` does, or rejects after `ms` or on abort. */
function within(ready: Promise<void>, ms: number, signal: AbortSignal, words: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ProtocolError(ProtocolErrorCode.InternalError, words)), ms);
    const abort = () => {
      clearTimeout(timer);
      reject(new ProtocolError(ProtocolErrorCode.InternalError, "The server stopped waiting for roots"));
    };
    signal.addEventListener("abort", abort, { once: true });
    void ready.then(() => {
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      resolve();
    });
  });
}

/** Whether a session's stream for server→client requests is open (a Streamable HTTP GET, or the SSE stream). */
export class StreamOpened {
  private resolve: () => void = () => undefined;
  readonly ready = new Promise<void>((resolve) => (this.resolve = resolve));
  open(): void {
    this.resolve();
  }
}

/**
 * Makes one 2025-11-25 tap session a holder of its connections' roots (above): from its client's
 * `initialized` when it declared roots, again on each notifications/roots/list_changed it sends,
 * until the session closes.
 */
export function forwardRoots(server: Server, tapId: string, connectionIds: string[], stream: StreamOpened): void {
  let holder: RootsHolder | undefined;
  const client = () => {
    const info: unknown = server.getClientVersion();
    if (!isRecord(info) || typeof info.name !== "string") return undefined;
    return { name: info.name, ...(typeof info.version === "string" ? { version: info.version } : {}) };
  };
  const hold = () => {
    if (!server.getClientCapabilities()?.roots) return;
    const who = client();
    holder ??= {
      tapId,
      ...(who ? { client: who } : {}),
      list: async (signal) => {
        const name = who?.name ?? "the tapped client";
        await within(stream.ready, STREAM_WAIT_MS, signal, `Loupe's tap: ${name} opened no stream to be asked for its roots on`);
        return server.listRoots(undefined, { signal, timeout: ANSWER_TIMEOUT_MS });
      },
    };
    take(connectionIds, holder);
  };
  const previousInit = server.oninitialized;
  server.oninitialized = () => {
    previousInit?.();
    hold();
  };
  server.setNotificationHandler("notifications/roots/list_changed", () => hold());
  const previousClose = server.onclose;
  server.onclose = () => {
    previousClose?.();
    if (holder) release(connectionIds, holder);
  };
}

/**
 * A roots/list the server asked outside any tapped call: the holder's answer (recorded as a
 * `tap_forward`), or undefined when no tapped client holds this connection's roots (Loupe answers).
 */
export function answerRoots(conn: ConnectionHandle, signal: AbortSignal): Promise<Record<string, unknown>> | undefined {
  const holder = rootsHolder(conn.id);
  if (!holder) return undefined;
  conn.recordEntry("loupe", "local", "tap_forward", {
    tapId: holder.tapId,
    method: "roots/list",
    ...(holder.client ? { client: holder.client } : {}),
  });
  return holder.list(signal);
}
