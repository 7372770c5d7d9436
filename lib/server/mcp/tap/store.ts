import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ApprovalPolicy, ToolPolicies } from "@/lib/contracts/approvals";
import type { AggregateTapInput, TapClient, TapSecret, TapSettings, TapView } from "@/lib/contracts/taps";
import { AppError } from "@/lib/errors";
import { DATA_FILE_MODE } from "@/lib/server/data-dir";
import { getRegistry } from "@/lib/server/mcp/registry";
import { dataDir, getStore, storedJson, type Store } from "@/lib/server/store";
import { turnedAwayOf } from "@/lib/server/mcp/tap/turned-away";

/**
 * The taps (issue 10): which connections Loupe serves as an MCP server at `/mcp/<tap id>`, with
 * which key and which approval policy, and which clients came. Kept in the SQLite store (a table
 * of its own, one JSON row per tap: the key is a secret like a connection's headers, and the data
 * dir is the user's alone), and mirrored to `<data dir>/taps.json` (0600) on every change so the
 * `loupe tap` bin finds a tap by name or id without Loupe's login token.
 *
 * For the aggregate tap (T2): `getTaps().create({ kind: "aggregate", … })` with several
 * connection ids gives an `agg_…` id; `serveTap()` (serve.ts) serves any TapRecord.
 */

/** A tap as stored: the view's facts plus the whole key. */
export interface TapRecord {
  id: string;
  kind: "connection" | "aggregate";
  /** Aggregate taps only: the name given (a connection tap shows its connection's name). */
  name?: string;
  connectionIds: string[];
  key: string;
  policy: ApprovalPolicy;
  toolPolicies: ToolPolicies;
  createdAt: number;
  clients: TapClient[];
}

/** The file the `loupe tap` bin reads (format agreed in the brief). */
export interface TapsFile {
  port: number | null;
  taps: { id: string; name: string; url: string; key: string }[];
  /** Set when Loupe stopped cleanly: no port, no taps (no key is left for a stale port). */
  stoppedAt?: number;
}

export const TAPS_FILE = "taps.json";
/** Clients seen per tap, newest first; older ones are dropped. */
const MAX_CLIENTS = 20;
/** A client seen again within this time is not written again (every request would write otherwise). */
const SEEN_WRITE_MS = 5_000;

/** 32 random bytes, base64url: what the client sends as `Authorization: Bearer <key>`. */
export function newTapKey(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * This Loupe's own tap bridge, for the offline Claude Desktop snippet: the npm package's bin
 * (LOUPE_BIN, set by bin/loupe-inspector.mjs), else the repository's `bin/loupe.mjs` (LOUPE_ROOT).
 */
export function tapBinPath(): string {
  return process.env.LOUPE_BIN || path.join(process.env.LOUPE_ROOT || process.cwd(), "bin", "loupe.mjs");
}

/** The tap's URL on Loupe's own port (LOUPE_PORT, set by the launcher). */
export function tapUrl(id: string): string {
  const port = process.env.LOUPE_PORT ?? "3000";
  return `http://127.0.0.1:${port}/mcp/${encodeURIComponent(id)}`;
}

/** A copy to change and save: callers share the cached record, which stays as stored until then. */
function editable(t: TapRecord): TapRecord {
  return { ...t, connectionIds: [...t.connectionIds], toolPolicies: { ...t.toolPolicies }, clients: [...t.clients] };
}

export class TapStore {
  /** Taps read so far (null: none). A tapped call reads its tap 3 times; every write below sets or drops its entry. */
  private readonly cache = new Map<string, TapRecord | null>();
  /** A shared store (issue 25): others change taps (no cache), a connection unknown here may be new (no delete). */
  private readonly shared: boolean;
  constructor(private readonly store: Store) {
    this.shared = store.engine.kind !== "sqlite";
    store.db.exec("CREATE TABLE IF NOT EXISTS taps (id TEXT PRIMARY KEY, json TEXT NOT NULL)");
    // Deleting a connection removes its tap (and the aggregate taps that served it).
    getRegistry().onRemove((id) => this.connectionRemoved(id));
  }

  private rows(): TapRecord[] {
    const rows = this.store.prepare<{ json: string }>("SELECT json FROM taps ORDER BY rowid").all();
    return rows.map((r) => storedJson<TapRecord>(r.json));
  }

  /** Every tap whose connections all still exist (a tap of a deleted connection is removed). */
  list(): TapRecord[] {
    const registry = getRegistry();
    const live: TapRecord[] = [];
    let dropped = false;
    for (const tap of this.rows()) {
      if (tap.connectionIds.every((id) => registry.get(id))) live.push(tap);
      else if (!this.shared) {
        this.store.db.prepare("DELETE FROM taps WHERE id = ?").run(tap.id);
        this.cache.delete(tap.id);
        dropped = true;
      }
    }
    if (dropped) this.writeFile(live);
    return live;
  }

  get(id: string): TapRecord | undefined {
    let tap = this.shared ? undefined : this.cache.get(id);
    if (tap === undefined) {
      const row = this.store.prepare<{ json: string }>("SELECT json FROM taps WHERE id = ?").get(id);
      tap = row ? storedJson<TapRecord>(row.json) : null;
      this.cache.set(id, tap);
    }
    if (!tap) return undefined;
    if (tap.connectionIds.every((c) => getRegistry().has(c))) return tap;
    if (!this.shared) this.delete(id);
    return undefined;
  }

  /** Like get(), but a missing tap is `tap:not_found` (404). */
  require(id: string): TapRecord {
    const tap = this.get(id);
    if (!tap) throw new AppError("not_found:tap", `No tap "${id}"`);
    return tap;
  }

  forConnection(connectionId: string): TapRecord | undefined {
    return this.get(connectionId);
  }

  private save(tap: TapRecord): void {
    this.store
      .prepare("INSERT INTO taps (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json")
      .run(tap.id, JSON.stringify(tap));
    this.cache.set(tap.id, tap);
    this.writeFile();
  }

  /**
   * Turns on the tap of a connection (POST /api/connections/:id/tap): the existing one is kept
   * (its settings updated; `rotate` issues a new key), or a new one is made with a new key.
   */
  tapConnection(connectionId: string, settings: TapSettings = {}): TapSecret {
    getRegistry().view(connectionId); // not_found:connection
    const existing = this.get(connectionId);
    const tap = editable(
      existing ?? {
        id: connectionId,
        kind: "connection",
        connectionIds: [connectionId],
        key: newTapKey(),
        policy: "never",
        toolPolicies: {},
        createdAt: Date.now(),
        clients: [],
      },
    );
    this.apply(tap, settings);
    this.save(tap);
    return this.secret(tap);
  }

  /** An aggregate tap over several connections (id `agg_…`). */
  createAggregate(input: AggregateTapInput): TapSecret {
    const registry = getRegistry();
    for (const id of input.connectionIds) registry.view(id);
    const tap: TapRecord = {
      id: `agg_${randomBytes(9).toString("base64url")}`,
      kind: "aggregate",
      name: input.name,
      connectionIds: [...new Set(input.connectionIds)],
      key: newTapKey(),
      policy: input.policy ?? "never",
      toolPolicies: input.toolPolicies ?? {},
      createdAt: Date.now(),
      clients: [],
    };
    this.save(tap);
    return this.secret(tap);
  }

  /** Changes a tap's policy (and rotates its key when asked). */
  update(id: string, settings: TapSettings): TapRecord {
    const tap = editable(this.require(id));
    this.apply(tap, settings);
    this.save(tap);
    return tap;
  }

  private apply(tap: TapRecord, settings: TapSettings): void {
    if (settings.policy) tap.policy = settings.policy;
    if (settings.toolPolicies) tap.toolPolicies = settings.toolPolicies;
    if (settings.rotate) tap.key = newTapKey();
  }

  /** Turns a tap off: its key stops working at once (the endpoint reads the store per request). */
  delete(id: string): boolean {
    const result = this.store.prepare("DELETE FROM taps WHERE id = ?").run(id);
    this.cache.delete(id);
    if (result.changes > 0) this.writeFile();
    return result.changes > 0;
  }

  /**
   * A connection was deleted: its tap goes, and so does every aggregate tap that served it. Their
   * sessions end with them (serve.ts closes the hosts serving a deleted connection): an
   * aggregate's open streams would go on carrying the other servers' messages.
   */
  connectionRemoved(connectionId: string): void {
    for (const tap of this.rows()) if (tap.connectionIds.includes(connectionId)) this.delete(tap.id);
  }

  /** Notes a downstream client (from initialize or a 2026-07-28 request's _meta clientInfo). */
  noteClient(tapId: string, client: { name: string; version?: string; protocolVersion?: string }): void {
    const stored = this.get(tapId);
    if (!stored) return;
    const now = Date.now();
    const seen = stored.clients.find((c) => c.name === client.name && c.version === client.version);
    if (seen && seen.protocolVersion === client.protocolVersion && now - seen.lastSeenAt < SEEN_WRITE_MS) return;
    const tap = editable(stored);
    const others = tap.clients.filter((c) => c !== seen);
    const updated: TapClient = {
      name: client.name,
      ...(client.version ? { version: client.version } : {}),
      ...(client.protocolVersion ? { protocolVersion: client.protocolVersion } : {}),
      firstSeenAt: seen?.firstSeenAt ?? now,
      lastSeenAt: now,
    };
    tap.clients = [updated, ...others].slice(0, MAX_CLIENTS);
    this.store.prepare("UPDATE taps SET json = ? WHERE id = ?").run(JSON.stringify(tap), tap.id);
    this.cache.set(tap.id, tap);
  }

  /** What the UI and the API show: everything but the key (its last 4 characters as a hint). */
  view(tap: TapRecord): TapView {
    const name = tap.kind === "aggregate" ? (tap.name ?? tap.id) : (getRegistry().get(tap.connectionIds[0]!)?.name ?? tap.id);
    return {
      id: tap.id,
      kind: tap.kind,
      name,
      connectionIds: tap.connectionIds,
      url: tapUrl(tap.id),
      sseUrl: `${tapUrl(tap.id)}/sse`, // the legacy HTTP+SSE transport (sse.ts)
      keyHint: tap.key.slice(-4),
      policy: tap.policy,
      toolPolicies: tap.toolPolicies,
      createdAt: tap.createdAt,
      clients: tap.clients,
      turnedAway: turnedAwayOf(tap.id),
    };
  }

  secret(tap: TapRecord): TapSecret {
    const view = this.view(tap);
    return { tap: view, url: view.url, key: tap.key, bin: tapBinPath() };
  }

  /** Loupe is stopping cleanly (server.ts): taps.json keeps no port and no key (boot writes it again), so a
   * `loupe tap` started later says Loupe is not running instead of knocking on a port someone else may take. */
  markStopped(): void {
    this.writeContent({ port: null, taps: [], stoppedAt: Date.now() });
  }

  /** `<data dir>/taps.json`, 0600, written whole then renamed so the bin never reads half a file. */
  writeFile(taps: TapRecord[] = this.rows()): void {
    const port = Number(process.env.LOUPE_PORT);
    this.writeContent({
      port: Number.isFinite(port) && port > 0 ? port : null,
      taps: taps.map((t) => ({ id: t.id, name: this.view(t).name, url: tapUrl(t.id), key: t.key })),
    });
  }

  private writeContent(file: TapsFile): void {
    const target = path.join(dataDir(), TAPS_FILE);
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(/*turbopackIgnore: true*/ temp, `${JSON.stringify(file, null, 2)}\n`, { mode: DATA_FILE_MODE });
    chmodSync(/*turbopackIgnore: true*/ temp, DATA_FILE_MODE);
    renameSync(/*turbopackIgnore: true*/ temp, target);
  }
}

const TAPS_KEY = Symbol.for("loupe.taps");
type TapsGlobal = typeof globalThis & { [TAPS_KEY]?: TapStore };

/** The process's tap store (created on first use, next to the connections in the store). */
export function getTaps(): TapStore {
  const g = globalThis as TapsGlobal;
  g[TAPS_KEY] ??= new TapStore(getStore());
  return g[TAPS_KEY];
}
