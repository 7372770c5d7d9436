import "server-only";
import type { ConnectionState, ConnectStep, ReconnectInfo } from "@/lib/contracts/connections";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { restoreSubscriptions } from "@/lib/server/mcp/resources";
import { describeNetworkError } from "@/lib/server/mcp/transports";

/**
 * How Loupe reconnects a remote that was connected and then lost (never a stdio child: whether to
 * restart a process is the user's call): delays double from `firstDelayMs` up to `maxDelayMs`, and
 * it gives up after `maxAttempts` attempts or once the next one would start `maxTotalMs` after the loss.
 */
export interface ReconnectPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  maxTotalMs: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxAttempts: 10,
  maxTotalMs: 5 * 60_000,
};

/** How a connect ended, for the reconnect loop (a user's connect only looks at state). */
export type ConnectOutcome =
  { ok: true } | { ok: false; superseded: true } | { ok: false; superseded?: false; message: string; step: ConnectStep; error: unknown };

/** One run of automatic reconnect attempts after a loss; replaced or dropped, never reused. */
interface ReconnectSchedule {
  /** The attempt running or coming next (1-based). */
  attempt: number;
  startedAt: number;
  /** What the lost session was subscribed to, re-subscribed once a new one is up. */
  subscriptions: string[];
  lastError: string;
  timer: ReturnType<typeof setTimeout> | null;
}

/** What the reconnect loop needs of its connection beyond the connection's public API. */
export interface ReconnectHost {
  conn: ConnectionHandle;
  /** One connect as automatic attempt `auto`; a failure is returned, not shown (the loop decides). */
  connect(auto: ReconnectInfo): Promise<ConnectOutcome>;
  /** Shows a failed connect (and runs the connection doctor on it). */
  fail(message: string, step: ConnectStep): Promise<void>;
}

/** "4 s", or "0.3 s" for the short delays tests use. */
function seconds(ms: number): string {
  return ms >= 1_000 ? String(Math.round(ms / 1_000)) : (ms / 1_000).toFixed(1);
}

/**
 * Automatic reconnect of one connection's lost remote: schedules attempts with backoff, records
 * the `reconnect_*` entries, and stops when an attempt succeeds, the policy gives up, retrying
 * cannot help (auth), or the user acts (connect, disconnect) — an attempt in flight then finds
 * itself replaced and stops.
 */
export class AutoReconnect {
  /** Backoff of automatic reconnects (tests shorten it through `ConnectionHandle.reconnectPolicy`). */
  policy: ReconnectPolicy = DEFAULT_RECONNECT_POLICY;
  /** Set while a run of attempts is scheduled or running. */
  private schedule: ReconnectSchedule | null = null;

  constructor(private readonly host: ReconnectHost) {}

  /**
   * Starts automatic reconnects after a remote that was connected got lost (network or closed);
   * returns the state patch announcing the first attempt, or {} when there is none to make.
   */
  start(error: { message: string; step: ConnectStep }, subscriptions: string[]): Partial<ConnectionState> {
    if (this.host.conn.config.transport === "stdio") return {};
    if (error.step !== "network" && error.step !== "closed") return {};
    this.cancel("loss");
    const schedule: ReconnectSchedule = { attempt: 1, startedAt: Date.now(), subscriptions, lastError: error.message, timer: null };
    const info = this.arm(schedule);
    if (!info) return {};
    this.schedule = schedule;
    return { reconnect: info };
  }

  /** What the lost session was subscribed to while a run of attempts is scheduled (else none). */
  heldSubscriptions(): string[] {
    return this.schedule?.subscriptions ?? [];
  }

  /** Drops a scheduled automatic reconnect (an attempt in flight finds itself replaced and stops). */
  cancel(by: "connect" | "disconnect" | "loss"): void {
    const schedule = this.schedule;
    if (!schedule) return;
    this.schedule = null;
    if (schedule.timer) clearTimeout(schedule.timer);
    this.host.conn.recordEntry("loupe", "local", "reconnect_stopped", { reason: "cancelled", by, attempt: schedule.attempt });
  }

  /** Sets the timer of the schedule's next attempt; null when the policy says to give up. */
  private arm(schedule: ReconnectSchedule): ReconnectInfo | null {
    const policy = this.policy;
    const delayMs = Math.min(policy.firstDelayMs * 2 ** (schedule.attempt - 1), policy.maxDelayMs);
    const nextAt = Date.now() + delayMs;
    if (schedule.attempt > policy.maxAttempts || nextAt - schedule.startedAt > policy.maxTotalMs) return null;
    const info: ReconnectInfo = { attempt: schedule.attempt, max: policy.maxAttempts, nextAt };
    this.host.conn.recordEntry("loupe", "local", "reconnect_scheduled", { ...info, delayMs, lastError: schedule.lastError });
    schedule.timer = setTimeout(() => void this.attempt(schedule), delayMs);
    // A pending retry must not keep a test runner or a shutting-down server alive.
    schedule.timer.unref?.();
    return info;
  }

  private async attempt(schedule: ReconnectSchedule): Promise<void> {
    if (this.schedule !== schedule) return;
    schedule.timer = null;
    const conn = this.host.conn;
    const max = this.policy.maxAttempts;
    const outcome = await this.host.connect({ attempt: schedule.attempt, max, nextAt: Date.now() });
    // The user connected, disconnected, edited or removed the server meanwhile.
    if (this.schedule !== schedule) return;
    if (outcome.ok) {
      this.schedule = null;
      conn.recordEntry("loupe", "local", "reconnected", { attempts: schedule.attempt, afterMs: Date.now() - schedule.startedAt });
      if (schedule.subscriptions.length) await restoreSubscriptions(conn, schedule.subscriptions, "reconnect");
      return;
    }
    if (outcome.superseded) {
      this.schedule = null;
      return;
    }
    const words = outcome.step === "network" ? describeNetworkError(outcome.error) : outcome.message;
    if (outcome.step === "auth") {
      // Retrying cannot fix missing authorization: the user has to act.
      this.schedule = null;
      conn.recordEntry("loupe", "local", "reconnect_stopped", { reason: "auth", attempts: schedule.attempt, lastError: words });
      await this.host.fail(outcome.message, outcome.step);
      return;
    }
    schedule.lastError = words;
    schedule.attempt++;
    const info = this.arm(schedule);
    if (!info) {
      this.schedule = null;
      const attempts = schedule.attempt - 1;
      conn.recordEntry("loupe", "local", "reconnect_stopped", { reason: "gave_up", attempts, lastError: words });
      const message = `The server is unreachable; gave up reconnecting after ${attempts} attempt${attempts === 1 ? "" : "s"} (last error: ${words})`;
      await this.host.fail(message, outcome.step);
      return;
    }
    const message = `The server is unreachable; retrying in ${seconds(info.nextAt - Date.now())} s (attempt ${info.attempt} of ${info.max}). Last error: ${words}`;
    conn.setState({ status: "error", error: { message, step: outcome.step }, reconnect: info });
  }
}
