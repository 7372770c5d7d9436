import "server-only";
import { z } from "zod";
import { logLine } from "@/lib/log-text";
import { PROTOCOL_ADAPTERS } from "@/lib/server/protocols/registry";
import type { Keep, ProtocolRegistry } from "@/lib/server/protocols/types";
import { query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { cappedBytes } from "@/lib/server/store-size";

/**
 * How much recorded traffic Loupe keeps (issue 22: bounded disk by default). Traffic (the
 * `entries` table) is pruned with the protocols' growing tables (call rows, run records: each
 * adapter's `retention.history`); saved peers, bundles, answers, request and task records are
 * never touched, and neither is what a pending request still needs (see `Keep`) nor the rows a
 * protocol's own records point at (`retention.keepsRows`).
 */
export interface RetentionPolicy {
  /** Entries older than this many days are pruned; null keeps them whatever their age. */
  maxAgeDays: number | null;
  /** The store (pages in use + WAL) is kept under this many MiB, oldest traffic pruned first; null: no cap. */
  maxMb: number | null;
}

export const DEFAULT_RETENTION: RetentionPolicy = { maxAgeDays: 30, maxMb: 1024 };

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

/** `LOUPE_RETENTION_DAYS` (default 30) and `LOUPE_RETENTION_MB` (default 1024: 1 GiB); a bad value is said and ignored. */
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
  "NOT (received_at >= COALESCE((SELECT CAST(value AS INTEGER) FROM json_each(@since) WHERE key = connection_id), 9e18))",
  ...PROTOCOL_ADAPTERS.flatMap((adapter) => (adapter.retention?.keepsRows ? [`NOT (${adapter.retention.keepsRows})`] : [])),
].join("\n  AND ");

/** By age. The `received_at` index (store.ts) makes the hourly run that finds nothing cost nothing, not a full scan. */
export const PRUNE_BY_AGE_SQL = `DELETE FROM entries WHERE received_at < @cutoff AND ${PRUNABLE}`;

/**
 * The protocols' growing tables (call rows, run records), pruned with the traffic of their time:
 * a timed row at or before @horizon goes unless it is kept (a running call, a session or a
 * connection span a pending request needs); a row pointing at an entry goes with the entry.
 */
function historyStatements(registry: ProtocolRegistry): { timed: string[]; pointers: string[] } {
  const timed: string[] = [];
  const pointers: string[] = [];
  for (const adapter of registry) {
    for (const t of adapter.retention?.history ?? []) {
      if ("entrySeq" in t) {
        pointers.push(`DELETE FROM ${t.table} WHERE NOT EXISTS (SELECT 1 FROM entries WHERE entries.seq = ${t.table}.${t.entrySeq})`);
        continue;
      }
      const kept = [
        t.keeps,
        t.session &&
          `${t.session} IS NOT NULL AND '${adapter.id}' || char(10) || ${t.connection} || char(10) || ${t.session} IN (SELECT value FROM json_each(@sessions))`,
        `${t.at} >= COALESCE((SELECT CAST(value AS INTEGER) FROM json_each(@since) WHERE key = ${t.connection}), 9e18)`,
      ].filter((c): c is string => Boolean(c));
      timed.push(`DELETE FROM ${t.table} WHERE ${t.at} <= @horizon${kept.map((c) => ` AND NOT (${c})`).join("")}`);
    }
  }
  return { timed, pointers };
}

const HISTORY = historyStatements(PROTOCOL_ADAPTERS);

export interface PruneResult {
  byAge: number;
  bySize: number;
  /** History rows (call rows, run records) that went with the traffic. */
  records: number;
  /** The capped size (pages in use + WAL) before and after. */
  bytesBefore: number;
  bytesAfter: number;
  /** Whether the store is under its cap afterwards (true without a cap). */
  underCap: boolean;
}

const MiB = 1024 * 1024;
/**
 * Pruning starts at HIGH_WATER of the cap and goes down to PRUNE_TO of it: the writes until the
 * next growth check (1/64 of the cap) and the WAL (at most 1/16, retention-run.ts) then still fit
 * under the cap, and the next prune is not one write away.
 */
export const HIGH_WATER = 0.9;
export const PRUNE_TO = 0.7;
/** The fewest entries one step of the size prune takes, and the most steps one prune makes. */
const MIN_STEP = 16;
const MAX_STEPS = 50;

interface Params {
  sessions: string;
  since: string;
}

/** History rows at or before `horizon`, entries up to `seq` (or, by age, before `cutoff`), then orphaned pointers: one transaction. */
function pruneUpTo(
  store: Store,
  params: Params,
  horizon: number,
  upTo: { seq: number } | { cutoff: number },
): { entries: number; records: number } {
  return store.db.transaction(() => {
    let records = 0;
    for (const sql of HISTORY.timed) records += store.prepare(sql).run({ ...params, horizon }).changes;
    const entries =
      "seq" in upTo
        ? store.prepare(`DELETE FROM entries WHERE seq <= @seq AND ${PRUNABLE}`).run({ ...params, seq: upTo.seq }).changes
        : store.prepare(PRUNE_BY_AGE_SQL).run({ ...params, cutoff: upTo.cutoff }).changes;
    for (const sql of HISTORY.pointers) records += store.prepare(sql).run().changes;
    return { entries, records };
  })();
}

/**
 * Applies the policy once: by age first, then, while the store is near its cap, oldest first in
 * steps until it is back to PRUNE_TO of it (from HIGH_WATER on); call rows and run records go with their traffic, and
 * what is kept stays (see `Keep`, `HistoryTable`). Freed pages are handed back to the disk.
 */
export function pruneTraffic(
  store: Store,
  policy: RetentionPolicy,
  keep: Keep = NOTHING_TO_KEEP,
  now = Date.now(),
  opts: { squeeze?: boolean } = {},
): PruneResult {
  store.flush();
  const sessions = sessionLists(keep).flatMap(([protocol, keys]) => keys.map((key) => `${protocol}\n${key}`));
  const params = { sessions: JSON.stringify(sessions), since: JSON.stringify(keep.pendingSince ?? {}) };
  const bytesBefore = cappedBytes(store.engine.size());
  const result: PruneResult = { byAge: 0, bySize: 0, records: 0, bytesBefore, bytesAfter: bytesBefore, underCap: true };
  if (policy.maxAgeDays !== null) {
    const cutoff = now - policy.maxAgeDays * 24 * 60 * 60 * 1000;
    const done = pruneUpTo(store, params, cutoff - 1, { cutoff });
    result.byAge = done.entries;
    result.records += done.records;
    // Who answered what (lib/server/inbox/answer-claims.ts): kept as long as the traffic's age allows, never cut for size.
    result.records += store.prepare("DELETE FROM answer_claims WHERE answered_at < ?").run(cutoff).changes;
  }
  const cap = policy.maxMb === null ? Infinity : Math.floor(policy.maxMb * MiB);
  // `squeeze`: the disk is full under the cap; the store gives up a share of what it holds to make room.
  const limit = opts.squeeze ? Math.min(cap, store.engine.size().usedBytes) : cap;
  if (opts.squeeze || cappedBytes(store.engine.size()) > limit * HIGH_WATER) {
    const target = limit * PRUNE_TO;
    for (let step = 0; step < MAX_STEPS; step++) {
      const used = store.engine.size().usedBytes;
      if (used <= target) break;
      const rows = query<{ n: number }>(store.db, "SELECT COUNT(*) AS n FROM entries").get()?.n ?? 0;
      const take = Math.max(MIN_STEP, Math.ceil(((rows * (used - target)) / used) * 1.1));
      const pick = `SELECT seq, received_at AS at FROM entries WHERE ${PRUNABLE} ORDER BY seq`;
      const last =
        query<{ seq: number; at: number }>(store.db, `${pick} LIMIT 1 OFFSET @skip`).get({ ...params, skip: take - 1 }) ??
        query<{ seq: number; at: number }>(store.db, `${pick} DESC LIMIT 1`).get(params);
      if (!last) break; // all that is left is kept
      const done = pruneUpTo(store, params, last.at, { seq: last.seq });
      result.bySize += done.entries;
      result.records += done.records;
      if (done.entries + done.records === 0) break;
    }
  }
  if (result.byAge + result.bySize + result.records > 0) store.engine.reclaim();
  result.bytesAfter = cappedBytes(store.engine.size());
  result.underCap = result.bytesAfter <= cap;
  return result;
}
