import "server-only";
import type { RecordingState, RecordingPauseReason } from "@/lib/contracts/storage";
import { logLine } from "@/lib/log-text";
import type { StoreEngine } from "@/lib/server/sql/engine";
import { errorMessage } from "@/lib/values";

/** How often a paused recording tries again (a prune first, then a look for room). */
export const RECORDING_RETRY_MS = 5_000;
/**
 * At the cap with everything kept, only a request answered or a record removed makes room, and each
 * try reads the kept traffic to find what may go: once a minute, not every 5 s.
 */
export const CAP_RETRY_MS = 60_000;

/** Room the store needs, in its page limit and on the disk, before recording resumes. */
const RESUME_MARGIN = 1024 * 1024;

const SAID: Record<RecordingPauseReason, string> = {
  disk_full: "the disk is full",
  store_full: "the store cannot grow (its page limit)",
  cap_full: "the store is at its size cap and all it holds is still needed",
};

/**
 * Whether Loupe records (DESIGN rule 2) or has paused because there is no room. A write that fails
 * for lack of space stops recording (one log line, not one per frame); live connections keep
 * going, unrecorded. Every RECORDING_RETRY_MS it prunes (the hook retention sets) and resumes as
 * soon as there is room again (one more line). The store's group commit is the one place that
 * reports failures here (group-commit.ts).
 */
export class RecordingGate {
  private paused: (RecordingState & { state: "paused" }) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  /**
   * Retention's prune; answers whether the store is under its cap afterwards. `squeeze` on the first
   * try of a pause for lack of room: the store gives up a share of its oldest traffic to make room
   * (once per pause, so a disk another program fills does not empty Loupe's history).
   */
  private prune: (squeeze: boolean) => boolean = () => true;
  private tries = 0;

  constructor(
    private readonly engine: () => StoreEngine,
    private readonly now: () => number = Date.now,
  ) {}

  get recording(): boolean {
    return this.paused === null;
  }

  state(): RecordingState {
    return this.paused ?? { state: "recording" };
  }

  /** Retention hands its prune here, run before each try to resume. */
  setPrune(prune: (squeeze: boolean) => boolean): void {
    this.prune = prune;
  }

  /** A write failed: `true` when for lack of room (recording is then paused), `false` for any other failure. */
  failed(error: unknown): boolean {
    const reason = this.engine().spaceError(error);
    if (!reason) return false;
    this.pause(reason, errorMessage(error));
    return true;
  }

  /** Stops recording (once: a second reason while paused changes nothing but the figure). */
  pause(reason: RecordingPauseReason, message: string): void {
    if (this.paused) return;
    this.paused = { state: "paused", reason, since: this.now(), message };
    this.tries = 0;
    const every = reason === "cap_full" ? CAP_RETRY_MS : RECORDING_RETRY_MS;
    logLine(`[loupe] recording paused: ${SAID[reason]} (${message}); retrying every ${every / 1000} s`);
    this.timer = setInterval(() => this.retry(), every);
    this.timer.unref();
  }

  /** Prunes, then resumes if there is room. Returns whether Loupe records now. */
  retry(): boolean {
    if (!this.paused) return true;
    let underCap = false;
    try {
      underCap = this.prune(this.tries++ === 0 && this.paused.reason !== "cap_full");
    } catch {
      // a prune that fails (the disk) leaves recording paused; the next try prunes again
    }
    if (underCap && this.engine().hasRoom(RESUME_MARGIN)) this.resume();
    return this.paused === null;
  }

  /** Recording goes on (retention calls it when a cap pause ends). */
  resume(): void {
    if (!this.paused) return;
    const since = this.paused.since;
    this.paused = null;
    clearInterval(this.timer);
    this.timer = undefined;
    logLine(`[loupe] recording resumed after ${Math.round((this.now() - since) / 1000)} s`);
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
