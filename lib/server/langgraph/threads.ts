import "server-only";
import type { Entry } from "@/lib/contracts/entries";
import type { LgStateUpdateBody, LgThreadCreateBody, LgThreadDetail, LgThreadSummary } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import type { LgApi } from "@/lib/server/langgraph/client";
import type { LgStore } from "@/lib/server/langgraph/lg-store";
import type { LgRequests } from "@/lib/server/langgraph/requests";
import { saveRequest, isUnsent } from "@/lib/server/langgraph/sync";
import { lgInterrupts, lgThreadSummary } from "@/lib/server/langgraph/wire";
import { previewEntry } from "@/lib/server/preview";

/** Entries one thread GET returns at most (the newest). */
const THREAD_ENTRIES_LIMIT = 100_000;
const DEFAULT_LIMIT = 50;

export interface LgThreadQuery {
  status?: string;
  /** Text in the thread id or its metadata (case-insensitive). */
  q?: string;
  limit?: number;
}

const upstreamStatus = (e: unknown): number | undefined => {
  const d = e instanceof AppError ? e.details : undefined;
  return d && typeof d === "object" && "status" in d && typeof d.status === "number" ? d.status : undefined;
};

/**
 * Threads live on the server (issue 21): Loupe reads them through (threads/search, GET /threads/{id},
 * history, state), annotates them with the runs it started, and remembers each it sees for the
 * session search. Opening a thread also syncs its interrupts into requests.
 */
export class LgThreads {
  constructor(
    private readonly store: LgStore,
    private readonly requests: LgRequests,
    private readonly api: (deploymentId: string) => LgApi,
    private readonly held: (deploymentId: string, threadId: string) => boolean,
  ) {}

  /** One call about a thread; the server's 404 is Loupe's `not_found:langgraph_thread`. */
  async read<T>(deploymentId: string, threadId: string, call: (api: LgApi) => Promise<T>): Promise<T> {
    const api = this.api(deploymentId);
    try {
      return await call(api);
    } catch (e) {
      if (upstreamStatus(e) === 404)
        throw new AppError("not_found:langgraph_thread", `The LangGraph server has no thread "${threadId}"`, {
          upstream: AppError.from(e).message,
        });
      throw e;
    }
  }

  async list(deploymentId: string, query: LgThreadQuery): Promise<LgThreadSummary[]> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const q = query.q?.trim().toLowerCase();
    // A text filter is applied here: the server filters metadata by equality only, so read more to filter from.
    const found = await this.api(deploymentId).searchThreads({
      ...(query.status ? { status: query.status } : {}),
      limit: q ? Math.max(limit, 500) : limit,
    });
    const runs = this.store.runCounts(deploymentId);
    return found
      .filter(
        (t) =>
          !q ||
          t.thread_id.toLowerCase().includes(q) ||
          JSON.stringify(t.metadata ?? {})
            .toLowerCase()
            .includes(q),
      )
      .slice(0, limit)
      .map((t) => lgThreadSummary(deploymentId, t, runs.get(t.thread_id) ?? 0));
  }

  async create(deploymentId: string, body: LgThreadCreateBody): Promise<LgThreadSummary> {
    const t = await this.api(deploymentId).createThread({
      metadata: body.metadata,
      ...(body.threadId ? { thread_id: body.threadId } : {}),
    });
    this.store.seeThread({ deploymentId, threadId: t.thread_id, ...(t.status ? { status: t.status } : {}) });
    return lgThreadSummary(deploymentId, t, 0);
  }

  async detail(deploymentId: string, threadId: string): Promise<LgThreadDetail> {
    const t = await this.read(deploymentId, threadId, (api) => api.getThread(threadId));
    if (!this.held(deploymentId, threadId)) this.requests.sync(deploymentId, t, null);
    else this.store.seeThread({ deploymentId, threadId, ...(t.status ? { status: t.status } : {}) });
    const runs = this.store.threadRuns(deploymentId, threadId);
    return {
      ...lgThreadSummary(deploymentId, t, runs.length),
      values: t.values,
      interrupts: lgInterrupts(t.interrupts),
      runs,
      raw: t,
    };
  }

  /** Deletes it on the server; its open requests read stale. Loupe's record of it stays. */
  async remove(deploymentId: string, threadId: string): Promise<void> {
    await this.read(deploymentId, threadId, (api) => api.deleteThread(threadId));
    this.store.forgetThread(deploymentId, threadId);
    for (const r of this.store.threadRequests(deploymentId, threadId))
      if (r.status === "pending" || r.status === "failed" || isUnsent(r))
        saveRequest(this.requests.hub, this.store, { ...r, status: "stale", reason: "the thread was deleted" });
  }

  entries(deploymentId: string, threadId: string): Entry[] {
    this.api(deploymentId);
    return this.store.threadEntries(deploymentId, threadId, THREAD_ENTRIES_LIMIT).map((e) => previewEntry(e));
  }

  /** A new checkpoint with these values (from `checkpointId`: a fork point a run can start from). */
  async updateState(deploymentId: string, threadId: string, body: LgStateUpdateBody): Promise<{ checkpointId: string }> {
    return this.read(deploymentId, threadId, (api) =>
      api.updateState(threadId, {
        values: body.values,
        ...(body.checkpointId ? { checkpoint_id: body.checkpointId } : {}),
        ...(body.asNode ? { as_node: body.asNode } : {}),
      }),
    );
  }
}
