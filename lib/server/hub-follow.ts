import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import { previewEntry } from "@/lib/server/preview";
import type { Store } from "@/lib/server/store";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** Entries read per step from the store (a replay, a follower catching up); a longer backlog is read page by page. */
export const REPLAY_PAGE = 500;

/**
 * How often a follower reads the store even when no notification came: the safety net for one lost
 * while the LISTEN connection was down (pg-listen.ts reconnects and says so, but a notification
 * sent in that gap is gone).
 */
export const FOLLOW_SAFETY_MS = 2_000;

/** What the follower hands entries to: the hub's live subscribers, each past its own cursor. */
export type FanOut = (entries: readonly Entry[], rawTexts: readonly (string | undefined)[]) => void;

/**
 * A hub's view of a store other processes write too (PostgreSQL, several instances; issue 25). The
 * hub hands its subscribers the entries it records itself at once; this reads the ones the others
 * commit — on their notification (NOTIFY at COMMIT), on a slow timer as a safety net — after `head`,
 * and hands them out the same way. Gap-free and in order because seq order is commit order on that
 * store (PgEngine.ordered): every entry a read sees after `head` extends what was handed out, and
 * when this process records, it holds the order lock, so every other entry below its seq is
 * committed and can be read first (`before`).
 */
export class StoreFollower {
  /** Every seq ≤ head was handed to the live subscribers; null while none is live. */
  private head: number | null = null;
  /** A catch-up is scheduled (a notification, the timer, a long backlog's next page). */
  private scheduled = false;
  /** Reading a backlog page by page: entries recorded meanwhile are left to those reads. */
  private behind = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly watch: { listening: Promise<void>; stop: () => void } | null;

  constructor(
    private readonly store: Store,
    private readonly fanOut: FanOut,
    private readonly safetyMs = FOLLOW_SAFETY_MS,
  ) {
    this.watch = store.watchEntries(() => this.soon());
  }

  /** Resolves once the store's notifications reach this follower. */
  listening(): Promise<void> {
    return this.watch?.listening ?? Promise.resolve();
  }

  /** A subscriber turned live with everything up to `cursor` (the store's last seq when its replay ended). */
  live(cursor: number): void {
    // Another live subscriber may lack (head, cursor]: the next read hands it that, the new one skips it.
    if (this.head !== null) return;
    this.head = cursor;
    this.timer = setInterval(() => this.soon(), this.safetyMs);
    this.timer.unref();
  }

  /** No subscriber is left: nothing to follow until one is live again. */
  idle(): void {
    this.head = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Before this process hands out entries it just recorded (the first with seq `first`): the entries
   * others committed between `head` and `first`, previewed, to hand out first; or null when the
   * recorded ones are to be left to the store reads (a long backlog is being read page by page).
   */
  before(first: number): Entry[] | null {
    if (this.head === null) return [];
    if (this.behind) return null;
    if (first <= this.head + 1) return [];
    const gap = this.store.entriesAfter(this.head, REPLAY_PAGE, first);
    if (gap.length < REPLAY_PAGE) return gap.map(previewEntry);
    this.behind = true;
    this.soon();
    return null;
  }

  /** Entries up to `last` were handed out. */
  handed(last: number): void {
    if (this.head !== null && last > this.head) this.head = last;
  }

  close(): void {
    this.idle();
    this.watch?.stop();
  }

  private soon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      try {
        this.step();
      } catch (error) {
        // A store closed under it (the process ends) stops the follower; anything else waits for the next try.
        if (!this.store.db.open) return this.close();
        this.behind = false;
        logLine("[loupe] could not read the entries other instances recorded:", errorMessage(error));
      }
    });
  }

  /** Reads one page after `head` and hands it out; a full page means more: the next one on the next turn. */
  private step(): void {
    if (this.head === null) {
      this.behind = false;
      return;
    }
    const page = this.store.entriesAfter(this.head, REPLAY_PAGE);
    if (page.length > 0) {
      this.head = page[page.length - 1]!.seq;
      this.fanOut(page.map(previewEntry), []);
    }
    this.behind = page.length === REPLAY_PAGE;
    if (this.behind) this.soon();
  }
}
