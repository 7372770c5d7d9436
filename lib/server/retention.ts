import "server-only";
import { z } from "zod";
import { logLine } from "@/lib/log-text";
import { getAgents } from "@/lib/server/adk/agents";
import { getClientRequests } from "@/lib/server/mcp/requests";
import type { Store } from "@/lib/server/store";

/**
 * How much recorded traffic (the `entries` table) Loupe keeps. Only traffic is pruned: saved
 * connections and agent servers, call history, answers, MCP request and task records are never
 * touched, and neither is the traffic a pending request still needs (see `Keep`) nor a response
 * frame that holds a large call result for the call history.
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

/** Traffic a pending request still needs, whatever its age or the size cap. */
export interface Keep {
  /** ADK sessions with a pending (or failed, retryable) interrupt: `${agentId}\n${sessionKey}`. */
  adkSessions: readonly string[];
  /** Per connection, the time of its oldest pending MCP request: entries from then on stay. */
  pendingSince: Readonly<Record<string, number>>;
}

export const NOTHING_TO_KEEP: Keep = { adkSessions: [], pendingSince: {} };

/** What the inbox shows as still answerable right now (ADK pending or failed, MCP pending). */
export function pendingTraffic(): Keep {
  const adkSessions = getAgents()
    .listInbox()
    .filter((item) => item.status === "pending" || item.status === "failed")
    .map((item) => `${item.agentId}\n${item.sessionKey}`);
  const pendingSince: Record<string, number> = {};
  for (const request of getClientRequests().list()) {
    if (request.status !== "pending") continue;
    pendingSince[request.connectionId] = Math.min(pendingSince[request.connectionId] ?? Infinity, request.createdAt);
  }
  return { adkSessions, pendingSince };
}

/**
 * A row may go unless it belongs to a kept ADK session or to a kept span of a connection, or is
 * the response frame holding a call's large result (the call history points at it: store.ts), or
 * is an entry of a playground conversation that still exists (its columns' history is rebuilt
 * from them: a pruned start would send the model a broken conversation).
 */
const PRUNABLE = `
  NOT (protocol = 'playground' AND connection_id IN (SELECT id FROM playground_conversations))
  AND NOT (protocol = 'adk' AND session_key IS NOT NULL
       AND connection_id || char(10) || session_key IN (SELECT value FROM json_each(@sessions)))
  AND NOT (received_at >= COALESCE((SELECT value FROM json_each(@since) WHERE key = connection_id), 9e18))
  AND seq NOT IN (SELECT json_extract(record, '$.resultRef.seq') FROM calls WHERE json_extract(record, '$.resultRef.seq') IS NOT NULL)`;

/** By age. The `received_at` index (store.ts) makes the hourly run that finds nothing cost nothing, not a full scan. */
export const PRUNE_BY_AGE_SQL = `DELETE FROM entries WHERE received_at < @cutoff AND ${PRUNABLE}`;

export interface PruneResult {
  byAge: number;
  bySize: number;
}

/** Applies the policy once: by age first, then oldest-first until the size cap holds. */
export function pruneTraffic(store: Store, policy: RetentionPolicy, keep: Keep = NOTHING_TO_KEEP, now = Date.now()): PruneResult {
  const params = { sessions: JSON.stringify(keep.adkSessions), since: JSON.stringify(keep.pendingSince) };
  const result: PruneResult = { byAge: 0, bySize: 0 };
  if (policy.maxAgeDays !== null) {
    const cutoff = now - policy.maxAgeDays * 24 * 60 * 60 * 1000;
    result.byAge = store.db.prepare(PRUNE_BY_AGE_SQL).run({ ...params, cutoff }).changes;
  }
  if (policy.maxMb !== null) {
    const maxBytes = Math.floor(policy.maxMb * 1024 * 1024);
    // The newest seq at which the entries from there to the end no longer fit: it and older go.
    const row = store.db
      .prepare(
        `SELECT seq FROM (SELECT seq, SUM(raw_bytes) OVER (ORDER BY seq DESC) AS newer FROM entries)
         WHERE newer > @maxBytes ORDER BY seq DESC LIMIT 1`,
      )
      .get({ maxBytes }) as { seq: number } | undefined;
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
export function startRetention(store: Store, keep: () => Keep = pendingTraffic, policy: RetentionPolicy = retentionFromEnv()): () => void {
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
