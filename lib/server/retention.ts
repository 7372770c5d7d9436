import "server-only";
import { z } from "zod";
import { logLine } from "@/lib/log-text";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { Keep, ProtocolRegistry } from "@/lib/server/protocols/types";
import { query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";

/**
 * How much recorded traffic (the `entries` table) Loupe keeps. Only traffic is pruned: saved
 * peers, call history, answers, request and task records are never touched, and neither is the
 * traffic a pending request still needs (see `Keep`) nor the rows a protocol's own records point
 * at (each adapter's `retention`).
 */
export interface RetentionPolicy {
  /** Entries older than this many days are pruned; null keeps them whatever their age. */
  maxAgeDays: number | null;
  /** The raw bytes of all entries are kept under this many MiB, oldest pruned first; null: no cap. */
  maxMb: number | null;
}

export const DEFAULT_RETENTION: RetentionPolicy = { maxAgeDays: 30, maxMb: null };

/** How often the policy is applied after the prune at start. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** A positive number, or 0 / "off" / "never" to switch that limit off. */
const limitVar = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (/^(0|off|never|none)$/i.test(v)) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message: `expected a positive number, or 0 / off to disable; got "${v}"` });
      return z.NEVER;
    }
    return n;
  });

/** `LOUPE_RETENTION_DAYS` (default 30) and `LOUPE_RETENTION_MB` (default: no cap); a bad value is said and ignored. */
export function retentionFromEnv(env: Record<string, string | undefined> = process.env): RetentionPolicy {
  const policy = { ...DEFAULT_RETENTION };
  const read = (name: string, key: keyof RetentionPolicy): void => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") return;
    const parsed = limitVar.safeParse(raw);
    if (parsed.success) policy[key] = parsed.data;
    else logLine(`[loupe] ${name} ignored: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  };
  read("LOUPE_RETENTION_DAYS", "maxAgeDays");
  read("LOUPE_RETENTION_MB", "maxMb");
  return policy;
}

export type { Keep } from "@/lib/server/protocols/types";

export const NOTHING_TO_KEEP: Keep = {};

const SESSIONS = "Sessions";

/** A Keep's session lists, each key `<protocol>Sessions` read as the protocol whose sessions they are. */
function sessionLists(keep: Keep): [protocol: string, keys: readonly string[]][] {
  return Object.entries(keep).flatMap(([key, value]): [string, readonly string[]][] =>
    key.endsWith(SESSIONS) && Array.isArray(value) ? [[key.slice(0, -SESSIONS.length), value]] : [],
  );
}

/** What the registry's protocols say their pending requests still need now (ADK pending or failed, MCP pending…). */
export function pendingTraffic(registry: ProtocolRegistry = PROTOCOL_ADAPTERS): Keep {
  const sessions: Record<`${string}Sessions`, string[]> = {};
  const pendingSince: Record<string, number> = {};
  for (const adapter of registry) {
    const keep = adapter.retention?.pending?.();
    if (!keep) continue;
    for (const [protocol, keys] of sessionLists(keep)) (sessions[`${protocol}${SESSIONS}`] ??= []).push(...keys);
    for (const [id, since] of Object.entries(keep.pendingSince ?? {})) pendingSince[id] = Math.min(pendingSince[id] ?? Infinity, since);
  }
  return { ...sessions, pendingSince };
}

/**
 * A row may go unless it belongs to a kept session, to a kept span of a connection, or to what a
 * protocol keeps for its own records (a call's large result frame, a live playground conversation's
 * history: each adapter's `retention.keepsRows`).
 */
const PRUNABLE = [
  "NOT (session_key IS NOT NULL AND protocol || char(10) || connection_id || char(10) || session_key IN (SELECT value FROM json_each(@sessions)))",
  "NOT (received_at >= COALESCE((SELECT value FROM json_each(@since) WHERE key = connection_id), 9e18))",
  ...PROTOCOL_ADAPTERS.flatMap((adapter) => (adapter.retention?.keepsRows ? [`NOT (${adapter.retention.keepsRows})`] : [])),
].join("\n  AND ");

/** By age. The `received_at` index (store.ts) makes the hourly run that finds nothing cost nothing, not a full scan. */
export const PRUNE_BY_AGE_SQL = `DELETE FROM entries WHERE received_at < @cutoff AND ${PRUNABLE}`;

export interface PruneResult {
  byAge: number;
  bySize: number;
}

/** Applies the policy once: by age first, then oldest-first until the size cap holds. */
export function pruneTraffic(store: Store, policy: RetentionPolicy, keep: Keep = NOTHING_TO_KEEP, now = Date.now()): PruneResult {
  const sessions = sessionLists(keep).flatMap(([protocol, keys]) => keys.map((key) => `${protocol}\n${key}`));
  const params = { sessions: JSON.stringify(sessions), since: JSON.stringify(keep.pendingSince ?? {}) };
  const result: PruneResult = { byAge: 0, bySize: 0 };
  if (policy.maxAgeDays !== null) {
    const cutoff = now - policy.maxAgeDays * 24 * 60 * 60 * 1000;
    result.byAge = store.db.prepare(PRUNE_BY_AGE_SQL).run({ ...params, cutoff }).changes;
  }
  if (policy.maxMb !== null) {
    const maxBytes = Math.floor(policy.maxMb * 1024 * 1024);
    // The newest seq at which the entries from there to the end no longer fit: it and older go.
    const row = query<{ seq: number }>(
      store.db,
      `SELECT seq FROM (SELECT seq, SUM(raw_bytes) OVER (ORDER BY seq DESC) AS newer FROM entries)
       WHERE newer > @maxBytes ORDER BY seq DESC LIMIT 1`,
    ).get({ maxBytes });
    if (row) {
      result.bySize = store.db.prepare(`DELETE FROM entries WHERE seq <= @seq AND ${PRUNABLE}`).run({ ...params, seq: row.seq }).changes;
    }
  }
  return result;
}

const TIMER_KEY = Symbol.for("loupe.retentionTimer");
type TimerGlobal = typeof globalThis & { [TIMER_KEY]?: ReturnType<typeof setInterval> };

/**
 * Prunes now and then every hour (once per process, whatever the route bundles). `keep` is asked
 * each time, so a request that became pending since is respected. A failure is logged, never thrown:
 * retention must not stop Loupe from starting. Returns the stop (for tests).
 */
export function startRetention(
  store: Store,
  keep: () => Keep = () => pendingTraffic(),
  policy: RetentionPolicy = retentionFromEnv(),
): () => void {
  const g = globalThis as TimerGlobal;
  const stop = (): void => {
    clearInterval(g[TIMER_KEY]);
    g[TIMER_KEY] = undefined;
  };
  if (g[TIMER_KEY] || (policy.maxAgeDays === null && policy.maxMb === null)) return stop;
  const run = (): void => {
    try {
      const { byAge, bySize } = pruneTraffic(store, policy, keep());
      const said = [
        byAge > 0 ? `${byAge} entries older than ${policy.maxAgeDays} days` : "",
        bySize > 0 ? `${bySize} entries to stay under ${policy.maxMb} MiB` : "",
      ].filter(Boolean);
      if (said.length) logLine(`[loupe] retention: pruned ${said.join(" and ")}`);
    } catch (error) {
      logLine("[loupe] retention failed:", error);
    }
  };
  run();
  g[TIMER_KEY] = setInterval(run, RETENTION_INTERVAL_MS);
  g[TIMER_KEY].unref();
  return stop;
}
