import "server-only";
import type { LgApi } from "@/lib/server/langgraph/client";
import type { LgStore } from "@/lib/server/langgraph/lg-store";
import type { LgRequests } from "@/lib/server/langgraph/requests";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/** On-demand discovery (the inbox read) runs at most this often per deployment. */
const MIN_INTERVAL_MS = 3_000;
/** Interrupted threads read per look. */
const SEARCH_LIMIT = 100;

export interface DiscoveryDeps {
  store: LgStore;
  requests: LgRequests;
  /** The deployment's client and poll period (gone: removed). */
  deployment: (id: string) => { api: LgApi; pollSeconds: number } | undefined;
  /**
   * Loupe holds the thread (a run or an answer in flight), or another instance holds the deployment
   * (issue 25): its requests are settled by that.
   */
  held: (deploymentId: string, threadId: string) => boolean;
}

/**
 * Interrupts Loupe did not see paused (issue 21): threads someone else started, or that paused
 * while Loupe was down. Per deployment, `threads/search { status: "interrupted" }` every
 * `pollSeconds` and when the requests are read (throttled); each thread found, and each thread
 * with a request still open, is re-read and its requests synced.
 */
export class LgDiscovery {
  private readonly last = new Map<string, { at: number; running: Promise<void> | null }>();
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();

  constructor(private readonly deps: DiscoveryDeps) {}

  /** Looks now unless it looked less than 3 s ago (then answers with the look in flight, if any). */
  refresh(deploymentId: string): Promise<void> {
    const last = this.last.get(deploymentId);
    if (last?.running) return last.running;
    if (last && Date.now() - last.at < MIN_INTERVAL_MS) return Promise.resolve();
    const state = { at: Date.now(), running: null as Promise<void> | null };
    this.last.set(deploymentId, state);
    state.running = this.look(deploymentId)
      .catch((e: unknown) => logLine(`LangGraph discovery on ${deploymentId} failed: ${errorMessage(e)}`))
      .finally(() => {
        state.running = null;
        state.at = Date.now();
      });
    return state.running;
  }

  private async look(deploymentId: string): Promise<void> {
    const dep = this.deps.deployment(deploymentId);
    if (!dep) return;
    const found = await dep.api.searchThreads({ status: "interrupted", limit: SEARCH_LIMIT });
    const ids = new Set([...found.map((t) => t.thread_id), ...this.deps.store.openThreads(deploymentId)]);
    for (const threadId of ids) {
      if (this.deps.held(deploymentId, threadId)) continue;
      await this.deps.requests.refreshThread(deploymentId, threadId);
    }
  }

  /** (Re)starts the deployment's poller; 0 seconds stops it. Timers never keep the process up. */
  schedule(deploymentId: string): void {
    this.stop(deploymentId);
    const seconds = this.deps.deployment(deploymentId)?.pollSeconds ?? 0;
    if (seconds <= 0) return;
    const timer = setInterval(() => void this.refresh(deploymentId), seconds * 1000);
    timer.unref();
    this.timers.set(deploymentId, timer);
  }

  stop(deploymentId: string): void {
    const timer = this.timers.get(deploymentId);
    if (timer) clearInterval(timer);
    this.timers.delete(deploymentId);
  }

  /** Stops every poller and waits for the looks in flight. */
  async closeAll(): Promise<void> {
    for (const id of [...this.timers.keys()]) this.stop(id);
    await Promise.allSettled([...this.last.values()].map((s) => s.running));
  }
}
