import "server-only";
import { randomUUID } from "node:crypto";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";
import { AppError, isErrorCode } from "@/lib/errors";
import type { Store } from "@/lib/server/store";
import { HEARTBEAT_MS, Instances } from "@/lib/server/cluster/instances";
import { Leases } from "@/lib/server/cluster/leases";
import { Mailbox, type ClusterMessage } from "@/lib/server/cluster/mailbox";

/** A lease lasts this long unless renewed; renewed every third of it. */
export const LEASE_TTL_MS = 15_000;
/** How often the mailbox is read when nothing wakes it sooner (a message wakes it: Mailbox.watch). */
export const POLL_MS = 2_000;
/** The kind of the message that answers a `request`. */
const REPLY = "cluster:reply";

export interface ClusterTiming {
  heartbeatMs: number;
  leaseTtlMs: number;
  pollMs: number;
  /** Whether a message left for this instance wakes it at once (else it waits for the poll). */
  wake: boolean;
  /** Whether the store's own thread renews the leases too, beside this thread's timer (Leases.keepRenewed; real clock only). */
  renewBeside: boolean;
  /** The clock leases and heartbeats read (tests move it by hand). */
  now: () => number;
}

type Handler = (body: unknown, from: string) => unknown;

interface Reply {
  inReplyTo: string;
  ok: boolean;
  value?: unknown;
  error?: string;
  /** The handler's AppError code and details, so the asker's route answers as the handler's would have. */
  code?: string;
  details?: unknown;
}

function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && "inReplyTo" in value && typeof value.inReplyTo === "string";
}

/** What an instance was asked to do and could not (its words), or no answer in time. */
export class ClusterRequestError extends Error {}

/** How often a round failing again and again is said in the log. */
const SAY_FAILURES_EVERY_MS = 60_000;

/**
 * One instance's part in a cluster (issue 25): it beats, keeps the leases it holds, reads its mailbox
 * and runs the handler of each message's kind; `request` leaves a message for another instance and
 * waits for the handler's answer there. Started by the composition root when the store is shared.
 */
export class ClusterRuntime {
  readonly instances: Instances;
  readonly leases: Leases;
  readonly mailbox: Mailbox;
  private readonly handlers = new Map<string, Handler>();
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unwatch: Promise<() => void> | undefined;
  private readonly timing: ClusterTiming;
  /** Told when a lease this instance held was found taken by another (it must let the resource go). */
  onLost: (resource: string) => void = () => {};

  constructor(store: Store, address: string, timing: Partial<ClusterTiming> = {}, id?: string) {
    this.timing = {
      heartbeatMs: HEARTBEAT_MS,
      leaseTtlMs: LEASE_TTL_MS,
      pollMs: POLL_MS,
      wake: true,
      renewBeside: false,
      now: Date.now,
      ...timing,
    };
    this.instances = new Instances(store, address, this.timing.now, id);
    this.leases = new Leases(store, this.instances.id, this.timing.now);
    this.mailbox = new Mailbox(store, this.instances.id, this.timing.now);
  }

  get id(): string {
    return this.instances.id;
  }

  start(): void {
    // The database may be away for a while (a restart, a failover): each round says so once in a while, not at every tick.
    let saidAt = -Infinity;
    const every = (ms: number, what: string, fn: () => void) => {
      const timer = setInterval(() => {
        try {
          fn();
        } catch (error) {
          if (this.timing.now() - saidAt < SAY_FAILURES_EVERY_MS) return;
          saidAt = this.timing.now();
          logLine(`[loupe] cluster: ${what} failed (said once a minute while it lasts):`, errorMessage(error));
        }
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timing.heartbeatMs, "the heartbeat", () => this.instances.heartbeat());
    every(Math.max(1, Math.floor(this.timing.leaseTtlMs / 3)), "renewing the leases", () => this.renewAll());
    if (this.timing.renewBeside) this.leases.keepRenewed(this.timing.leaseTtlMs);
    every(this.timing.pollMs, "reading the mailbox", () => this.readMailbox());
    if (this.timing.wake) this.unwatch = this.mailbox.watch(() => this.readMailbox());
  }

  /** Resolves once a message left for this instance wakes it (at once when it does not listen). */
  async listening(): Promise<void> {
    await this.unwatch;
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    if (this.timing.renewBeside) this.leases.stopRenewing();
    void this.unwatch?.then((stop) => stop()).catch(() => undefined);
    this.unwatch = undefined;
    try {
      for (const resource of this.held) this.leases.release(resource);
      this.instances.leave();
    } catch (error) {
      // The database is away: the leases lapse and the instance leaves the list by themselves (their ttl).
      logLine("[loupe] cluster: could not let go of the leases at stop:", errorMessage(error));
    }
    this.held.clear();
    for (const [, waiter] of this.waiting) waiter.reject(new ClusterRequestError("this instance is stopping"));
    this.waiting.clear();
  }

  /** Runs `handler` for each message of `kind`; what it returns (or throws) goes back to a `request`. */
  on(kind: string, handler: Handler): void {
    this.handlers.set(kind, handler);
  }

  /** Takes `resource` when free or lapsed, and keeps renewing it; whether this instance holds it. */
  hold(resource: string): { held: boolean; owner: string; tookOver: string | null } {
    const answer = this.leases.acquire(resource, this.timing.leaseTtlMs);
    if (answer.held) this.held.add(resource);
    return { held: answer.held, owner: answer.holder.owner, tookOver: answer.tookOver };
  }

  /** Whether this instance holds `resource` (took it and has not lost or let it go since). */
  holds(resource: string): boolean {
    return this.held.has(resource);
  }

  /** Lets a resource go at once (a clean close). */
  letGo(resource: string): void {
    this.held.delete(resource);
    this.leases.release(resource);
  }

  /** Asks instance `to` to run its `kind` handler with `body`; its answer, or an error in words. */
  request(to: string, kind: string, body: unknown, timeoutMs = 10_000): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new ClusterRequestError(`instance ${to} did not answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      try {
        this.mailbox.send(to, kind, { requestId: id, body });
      } catch (error) {
        this.waiting.delete(id);
        clearTimeout(timer);
        reject(error);
      }
    });
  }

  /** Keeps every held lease for another ttl; a lease found taken meanwhile is let go (`onLost`). */
  renewAll(): void {
    for (const resource of this.held) {
      if (this.leases.renew(resource, this.timing.leaseTtlMs)) continue;
      this.held.delete(resource);
      this.onLost(resource);
    }
  }

  /** Reads what waits for this instance: answers to its requests, and work for its handlers. */
  readMailbox(): void {
    for (const message of this.mailbox.take()) {
      if (message.kind === REPLY) this.settle(message);
      else void this.serve(message);
    }
  }

  private settle(message: ClusterMessage): void {
    if (!isReply(message.body)) return;
    const waiter = this.waiting.get(message.body.inReplyTo);
    if (!waiter) return; // timed out meanwhile
    this.waiting.delete(message.body.inReplyTo);
    const { ok, value, error, code, details } = message.body;
    if (ok) waiter.resolve(value);
    else
      waiter.reject(
        code && isErrorCode(code) ? new AppError(code, error ?? "failed", details) : new ClusterRequestError(error ?? "failed"),
      );
  }

  private async serve(message: ClusterMessage): Promise<void> {
    const body = message.body;
    const requestId = typeof body === "object" && body !== null && "requestId" in body ? String(body.requestId) : null;
    const payload = typeof body === "object" && body !== null && "body" in body ? body.body : body;
    const handler = this.handlers.get(message.kind);
    let reply: Reply;
    try {
      if (!handler) throw new Error(`instance ${this.id} has no handler for "${message.kind}"`);
      reply = { inReplyTo: requestId ?? "", ok: true, value: await handler(payload, message.sender) };
    } catch (error) {
      const told = error instanceof AppError ? { code: error.code, details: error.details } : {};
      reply = { inReplyTo: requestId ?? "", ok: false, error: error instanceof Error ? error.message : String(error), ...told };
    }
    if (!requestId) return;
    try {
      this.mailbox.send(message.sender, REPLY, reply);
    } catch (error) {
      // The asker's own wait ends it (its timeout, or its instance judged gone); said here once per reply.
      logLine(`[loupe] cluster: the answer to instance ${message.sender} could not be sent:`, errorMessage(error));
    }
  }
}
