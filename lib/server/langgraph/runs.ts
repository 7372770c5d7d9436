import "server-only";
import { randomUUID } from "node:crypto";
import type { LgRunBody, LgRunRecord } from "@/lib/contracts/langgraph";
import { AppError } from "@/lib/errors";
import type { LgApi } from "@/lib/server/langgraph/client";
import type { LgStore } from "@/lib/server/langgraph/lg-store";
import { recordLg, recordLgRun } from "@/lib/server/langgraph/record";
import { parseEventData } from "@/lib/server/langgraph/sse";
import type { SseEvent } from "@/lib/server/langgraph/sse";
import type { ThreadWire } from "@/lib/server/langgraph/wire";
import { lgInterrupts } from "@/lib/server/langgraph/wire";
import type { Hub } from "@/lib/server/hub";
import { logLine } from "@/lib/log-text";
import { errorMessage, isRecord } from "@/lib/values";

/** Events recorded per run at most; past it a note says so and the run goes on unrecorded. */
export const MAX_RUN_EVENTS = 100_000;

/** The saved deployment a run belongs to and its client (gone: it was removed meanwhile). */
export type LgApiLookup = (deploymentId: string) => { api: LgApi; name: string } | undefined;

/** How a run ended, with the thread as the server answered right after (when it could be read). */
export interface LgRunOutcome {
  record: LgRunRecord;
  thread: ThreadWire | null;
}

export interface LgStartOptions {
  /** Request ids whose answers this run carries. */
  answers?: string[];
  /** The thread was reserved by the caller (an answer re-reads the thread before it resumes). */
  reserved?: true;
}

interface Active {
  deploymentId: string;
  threadId: string;
  done: Promise<LgRunOutcome>;
  cancel(): void;
}

const key = (deploymentId: string, threadId: string) => `${deploymentId}\n${threadId}`;

/** What an `error` event says, in its own words. */
function errorWords(data: unknown, text: string): string {
  if (isRecord(data)) {
    const parts = [data.error, data.message].filter((v): v is string => typeof v === "string" && v !== "");
    if (parts.length) return [...new Set(parts)].join(": ");
  }
  return typeof data === "string" ? data : text;
}

/**
 * Runs Loupe starts on a LangGraph server (issue 21): streamed, every event recorded as received,
 * one at a time per thread from Loupe. When one ends its thread is read back (its status says
 * whether it paused), and `onEnd` turns what the server lists into requests.
 */
export class LgRuns {
  private readonly active = new Map<string, Active>();
  private readonly busy = new Map<string, string>();

  constructor(
    private readonly hub: Hub,
    private readonly store: LgStore,
    private readonly lookup: LgApiLookup,
    private readonly onEnd: (outcome: LgRunOutcome) => Promise<void>,
  ) {}

  assertIdle(deploymentId: string, threadId: string): void {
    const busy = this.busy.get(key(deploymentId, threadId));
    if (busy)
      throw new AppError("conflict:langgraph_thread_busy", `Loupe is already running ${busy} on this thread; wait for it or cancel it`);
  }

  /** Holds the thread (synchronously) until the release is called or a run started with `reserved` ends. */
  reserve(deploymentId: string, threadId: string, what: string): () => void {
    this.assertIdle(deploymentId, threadId);
    const k = key(deploymentId, threadId);
    this.busy.set(k, what);
    return () => {
      if (this.busy.get(k) === what) this.busy.delete(k);
    };
  }

  /** Starts a run and answers once its stream is open (or refused: then the record has ended with the upstream's words). */
  async start(
    deploymentId: string,
    api: LgApi,
    body: LgRunBody,
    opts: LgStartOptions = {},
  ): Promise<LgRunOutcome & { done: Promise<LgRunOutcome> }> {
    const what = `a run (${randomUUID()})`;
    let release = body.threadId && !opts.reserved ? this.reserve(deploymentId, body.threadId, what) : () => undefined;
    let threadId = body.threadId;
    try {
      if (!threadId) {
        threadId = (await api.createThread({ metadata: { ...body.metadata } })).thread_id;
        release = this.reserve(deploymentId, threadId, what);
      }
    } catch (e) {
      release();
      throw e;
    }
    const k = key(deploymentId, threadId);
    this.busy.set(k, what);
    try {
      return await this.launch(deploymentId, api, body, opts, threadId);
    } catch (e) {
      this.busy.delete(k);
      throw e;
    }
  }

  private async launch(
    deploymentId: string,
    api: LgApi,
    body: LgRunBody,
    opts: LgStartOptions,
    tid: string,
  ): Promise<LgRunOutcome & { done: Promise<LgRunOutcome> }> {
    const k = key(deploymentId, tid);
    const request = {
      path: `/threads/${tid}/runs/stream`,
      body: {
        assistant_id: body.assistantId,
        ...(body.input !== undefined ? { input: body.input } : {}),
        ...(body.command ? { command: body.command } : {}),
        ...(body.checkpointId ? { checkpoint_id: body.checkpointId } : {}),
        stream_mode: body.streamModes,
        stream_subgraphs: body.subgraphs,
        ...(body.config ? { config: body.config } : {}),
        ...(body.metadata ? { metadata: body.metadata } : {}),
      },
    };
    const controller = new AbortController();
    const postedAt = Date.now();
    const open = await api.streamRun(tid, request.body, controller.signal).then(
      (stream) => ({ ok: true as const, stream }),
      (e: unknown) => ({ ok: false as const, error: AppError.from(e, "upstream:langgraph_run").toJSON() }),
    );
    const record: LgRunRecord = {
      runId: (open.ok && open.stream.runId) || randomUUID(),
      threadId: tid,
      deploymentId,
      assistantId: body.assistantId,
      status: "running",
      startedAt: postedAt,
      endedAt: null,
      eventCount: 0,
      ...(opts.answers?.length ? { answers: opts.answers } : {}),
      ...(body.checkpointId ? { checkpointId: body.checkpointId } : {}),
    };
    this.busy.set(k, `run ${record.runId}`);
    this.store.saveRun(record);
    this.store.seeThread({ deploymentId, threadId: tid, assistantId: body.assistantId });
    recordLg(this.hub, record, "lg_input", { runId: record.runId, request }, postedAt);
    recordLgRun(this.hub, record);
    if (!open.ok) {
      const ended = this.end(record, { status: "error", error: open.error });
      this.busy.delete(k);
      const outcome = { record: ended, thread: null };
      await this.settle(outcome);
      return { ...outcome, done: Promise.resolve(outcome) };
    }
    let serverRunId = open.stream.runId;
    let cancelled = false;
    let errorSaid: string | null = null;
    // The stream said the graph paused (`updates` with `__interrupt__`): what the run reads when the thread can't be read back.
    let pausedInStream = false;
    const onEvent = (e: SseEvent) => {
      if (record.eventCount === 0) record.firstEventMs = Date.now() - postedAt;
      record.eventCount++;
      if (record.eventCount > MAX_RUN_EVENTS) {
        if (record.eventCount === MAX_RUN_EVENTS + 1)
          recordLg(this.hub, record, "lg_malformed", {
            runId: record.runId,
            event: e.event,
            text: "",
            error: `Loupe records at most ${MAX_RUN_EVENTS.toLocaleString("en")} events per run: the rest of this run was not recorded`,
          });
        return;
      }
      const parsed = parseEventData(e.data);
      if (!parsed.ok) {
        recordLg(this.hub, record, "lg_malformed", { runId: record.runId, event: e.event, text: e.data, error: parsed.error });
        if (e.event.startsWith("error")) errorSaid = e.data;
        return;
      }
      recordLg(this.hub, record, "lg_event", {
        runId: record.runId,
        event: e.event,
        ...(e.id !== undefined ? { id: e.id } : {}),
        data: parsed.value,
      });
      if (e.event === "metadata" && isRecord(parsed.value) && typeof parsed.value.run_id === "string") serverRunId ??= parsed.value.run_id;
      if (e.event === "error" || e.event.startsWith("error|")) errorSaid = errorWords(parsed.value, e.data);
      if (isRecord(parsed.value) && "__interrupt__" in parsed.value) pausedInStream = true;
    };
    // One SQLite transaction per chunk read: a commit per event makes a long run crawl.
    const inOne = (feed: () => void) => this.hub.store.db.transaction(feed)();
    const done = (async (): Promise<LgRunOutcome> => {
      const end = await open.stream.read(onEvent, inOne);
      let thread: ThreadWire | null = null;
      if (!cancelled && !errorSaid && !end.cut) thread = await api.getThread(tid).catch(() => null);
      const interrupted = thread !== null ? thread.status === "interrupted" || lgInterrupts(thread.interrupts).length > 0 : pausedInStream;
      const ended = cancelled
        ? this.end(record, { status: "cancelled", error: { code: "cancelled:langgraph_run", message: "Cancelled from Loupe" } })
        : errorSaid !== null
          ? this.end(record, { status: "error", error: { code: "upstream:langgraph_run_error", message: errorSaid } })
          : end.cut
            ? this.end(record, {
                status: "error",
                error: { code: "upstream:langgraph_stream_cut", message: `The stream ended before the run finished (${end.reason})` },
              })
            : this.end(record, { status: interrupted ? "interrupted" : "success" });
      if (this.busy.get(k) === `run ${record.runId}`) this.busy.delete(k);
      this.active.delete(record.runId);
      const outcome = { record: ended, thread };
      await this.settle(outcome);
      return outcome;
    })();
    this.active.set(record.runId, {
      deploymentId,
      threadId: tid,
      done,
      cancel: () => {
        if (cancelled || record.endedAt !== null) return;
        cancelled = true;
        controller.abort();
        // Closing the stream does not stop the run on the server: ask it to.
        if (serverRunId)
          void api
            .cancelRun(tid, serverRunId)
            .catch((e: unknown) => logLine(`LangGraph cancel of ${serverRunId} failed: ${errorMessage(e)}`));
      },
    });
    return { record: { ...record }, thread: null, done };
  }

  private end(record: LgRunRecord, how: Pick<LgRunRecord, "status" | "error">): LgRunRecord {
    const ended: LgRunRecord = { ...record, ...how, endedAt: Date.now() };
    Object.assign(record, ended);
    // Removed while running: its rows are gone and stay gone.
    if (this.lookup(record.deploymentId)) this.store.saveRun(ended);
    recordLgRun(this.hub, ended);
    return ended;
  }

  private async settle(outcome: LgRunOutcome): Promise<void> {
    try {
      await this.onEnd(outcome);
    } catch (e) {
      logLine(`LangGraph run ${outcome.record.runId}: its requests could not be settled: ${errorMessage(e)}`);
    }
  }

  async cancel(deploymentId: string, runId: string): Promise<LgRunRecord> {
    const a = this.active.get(runId);
    if (!a || a.deploymentId !== deploymentId) {
      const stored = this.store.getRun(runId);
      if (stored && stored.deploymentId === deploymentId)
        throw new AppError("conflict:langgraph_run_ended", `Run ${runId} already ended (${stored.status})`);
      throw new AppError("not_found:langgraph_run", `No run "${runId}" on this deployment`);
    }
    a.cancel();
    return (await a.done).record;
  }

  /** The run in flight on a thread, if Loupe started one. */
  activeOn(deploymentId: string, threadId: string): string | undefined {
    for (const [runId, a] of this.active) if (a.deploymentId === deploymentId && a.threadId === threadId) return runId;
    return undefined;
  }

  cancelDeployment(deploymentId: string): void {
    for (const a of this.active.values()) if (a.deploymentId === deploymentId) a.cancel();
  }

  async closeAll(): Promise<void> {
    const open = [...this.active.values()];
    for (const a of open) a.cancel();
    await Promise.allSettled(open.map((a) => a.done));
  }

  done(runId: string): Promise<LgRunOutcome> | undefined {
    return this.active.get(runId)?.done;
  }
}
