import { randomBytes } from "node:crypto";
import type { EntryNotice, StoreEngine } from "@/lib/server/sql/engine";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** Where a store says it committed entries (PostgreSQL: NOTIFY at COMMIT), to the others on its database. */
const ENTRIES_CHANNEL = "loupe_entries";

/**
 * A store's notices about entries (issue 25): what it sends when it commits some (its own mark as
 * payload, StoreEngine.ordered), and how a hub hears what the other instances on its database commit.
 */
export class EntryNotices {
  /** This store's mark: what it hears of its own commits is not news. */
  readonly notice: EntryNotice = { channel: ENTRIES_CHANNEL, payload: randomBytes(6).toString("hex") };

  constructor(private readonly engine: () => StoreEngine) {}

  /**
   * Calls `onWritten` (asynchronously) when another process committed entries to this database, or
   * when such news may have been lost (a dropped LISTEN connection, back again), and once listening.
   * Null when nobody else writes it (SQLite): everything is recorded through this process.
   */
  watch(onWritten: () => void): { listening: Promise<void>; stop: () => void } | null {
    const engine = this.engine();
    if (!engine.shared) return null;
    let stop: (() => void) | null = null;
    let stopped = false;
    const listening = engine
      .listen(ENTRIES_CHANNEL, (payload) => payload !== this.notice.payload && onWritten(), onWritten)
      .then(
        (off) => {
          if (stopped) return off();
          stop = off;
          // What was committed before LISTEN took hold notified nobody here.
          onWritten();
        },
        (error: unknown) => logLine("[loupe] cannot follow the entries other instances record:", errorMessage(error)),
      );
    return {
      listening,
      stop: () => {
        stopped = true;
        stop?.();
      },
    };
  }
}
