import "server-only";
import type { PruneReport, StorageFigure } from "@/lib/contracts/storage";
import { logLine } from "@/lib/log-text";
import { HIGH_WATER, pendingTraffic, pruneTraffic, retentionFromEnv, RETENTION_INTERVAL_MS } from "@/lib/server/retention";
import type { Keep, RetentionPolicy } from "@/lib/server/retention";
import { query } from "@/lib/server/rows";
import { getStore } from "@/lib/server/store";
import type { Store } from "@/lib/server/store";
import { cappedBytes } from "@/lib/server/store-size";

const MiB = 1024 * 1024;
const mib = (bytes: number): string => `${Math.round((bytes / MiB) * 10) / 10} MiB`;

/**
 * Retention as it runs in Loupe: at start, hourly, whenever about 1/64 of the cap was written
 * since the last look (Store.watchGrowth: one size read per that many bytes, not per write), and
 * before a paused recording tries again. It keeps the last prune for the storage figure, and pauses
 * recording when the cap cannot be met because everything left is still needed.
 */
export class Retention {
  private last: PruneReport | null = null;

  constructor(
    private readonly store: Store,
    readonly policy: RetentionPolicy,
    private readonly keep: () => Keep = () => pendingTraffic(),
    private readonly now: () => number = Date.now,
  ) {}

  private get capBytes(): number | null {
    return this.policy.maxMb === null ? null : Math.floor(this.policy.maxMb * MiB);
  }

  /** Hooks the store: the growth check, the paused recording's prune, a WAL bounded to a share of the cap. */
  attach(): void {
    const cap = this.capBytes;
    this.store.recording.setPrune((squeeze) => this.run("retry", squeeze));
    if (cap === null) return;
    this.store.boundLog(cap);
    this.store.watchGrowth(Math.max(32 * 1024, Math.floor(cap / 64)), () => {
      if (this.store.db.open && cappedBytes(this.store.engine.size()) > cap * HIGH_WATER) this.run("growth");
    });
  }

  /**
   * Prunes once. Returns whether the store is under its cap afterwards; a failure is logged (unless
   * recording is already paused), never thrown. `squeeze`: the disk is full, give up a share of the store.
   */
  run(trigger: PruneReport["trigger"], squeeze = false): boolean {
    const policy = this.policy;
    if (policy.maxAgeDays === null && policy.maxMb === null && !squeeze) return true;
    try {
      const r = pruneTraffic(this.store, policy, this.keep(), this.now(), { squeeze });
      const entries = r.byAge + r.bySize;
      const report: PruneReport = {
        at: this.now(),
        trigger,
        entries,
        records: r.records,
        bytesBefore: r.bytesBefore,
        bytesAfter: r.bytesAfter,
      };
      if (entries + r.records > 0 || !this.last || this.last.entries + this.last.records === 0) this.last = report;
      if (entries + r.records > 0) {
        const said = [
          r.byAge > 0 ? `${r.byAge} entries older than ${policy.maxAgeDays} days` : "",
          r.bySize > 0 ? `${r.bySize} entries to stay under ${policy.maxMb} MiB` : "",
          r.records > 0 ? `${r.records} call and run records with them` : "",
        ].filter(Boolean);
        logLine(`[loupe] retention: pruned ${said.join(", ")} (${mib(r.bytesBefore)} → ${mib(r.bytesAfter)})`);
      }
      const gate = this.store.recording.state();
      if (!r.underCap) this.store.recording.pause("cap_full", `${mib(r.bytesAfter)} kept, over the ${policy.maxMb} MiB cap`);
      else if (gate.state === "paused" && gate.reason === "cap_full") this.store.recording.resume();
      return r.underCap;
    } catch (error) {
      if (this.store.recording.recording) logLine("[loupe] retention failed:", error);
      return false;
    }
  }

  /** The storage figure (GET /api/storage). */
  figure(): StorageFigure {
    const size = this.store.engine.size();
    const oldest = query<{ at: number | null }>(this.store.db, "SELECT MIN(received_at) AS at FROM entries").get()?.at ?? null;
    return {
      fileBytes: size.fileBytes,
      walBytes: size.walBytes,
      usedBytes: cappedBytes(size),
      capBytes: this.capBytes,
      maxAgeDays: this.policy.maxAgeDays,
      oldestEntryAt: oldest,
      lastPrune: this.last,
      recording: this.store.recording.state(),
    };
  }
}

const KEY = Symbol.for("loupe.retention");
type RetentionGlobal = typeof globalThis & { [KEY]?: { retention: Retention; timer?: ReturnType<typeof setInterval> } };

/** The process-wide retention over the process-wide store (created on first use; started by boot). */
export function getRetention(): Retention {
  const g = globalThis as RetentionGlobal;
  g[KEY] ??= { retention: new Retention(getStore(), retentionFromEnv()) };
  return g[KEY].retention;
}

/**
 * Prunes now and then every hour, and on growth past the cap (once per process, whatever the route
 * bundles). `keep` is asked each time, so a request that became pending since is respected.
 * Returns the stop (for tests).
 */
export function startRetention(
  store: Store,
  keep: () => Keep = () => pendingTraffic(),
  policy: RetentionPolicy = retentionFromEnv(),
): () => void {
  const g = globalThis as RetentionGlobal;
  const stop = (): void => {
    clearInterval(g[KEY]?.timer);
    g[KEY] = undefined;
  };
  if (g[KEY]?.timer) return stop;
  const retention = new Retention(store, policy, keep);
  retention.attach();
  retention.run("start");
  const timer = setInterval(() => retention.run("interval"), RETENTION_INTERVAL_MS);
  timer.unref();
  g[KEY] = { retention, timer };
  return stop;
}
