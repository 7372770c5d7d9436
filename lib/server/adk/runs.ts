import "server-only";
import { randomUUID } from "node:crypto";
import type { RunRecord } from "@/lib/contracts/agents";
import { adkSessionKey } from "@/lib/contracts/agents";
import type { Direction, Entry } from "@/lib/contracts/entries";
import type { EntryKind, EntryPayload, ProtocolOfKind } from "@/lib/contracts/entry-kinds";
import type { UserContent } from "@/lib/contracts/entry-kinds/adk";
import { AppError } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";
import { normalizeEvent } from "@/lib/protocols/adk/event";
import { toEpochMs } from "@/lib/protocols/adk/guards";
import { createSseParser } from "@/lib/protocols/adk/sse";
import type { SseFrame } from "@/lib/protocols/adk/sse";
import type { AgentStore } from "@/lib/server/adk/agent-store";
import type { AdkInbox } from "@/lib/server/adk/inbox";
import { maskCredentialSecrets } from "@/lib/server/secrets";
import { NETWORK_CLOSED, describeNetworkError, upstreamError, upstreamFetch } from "@/lib/server/adk/upstream";
import type { UpstreamTarget } from "@/lib/server/adk/upstream";
import type { Hub } from "@/lib/server/hub";

export interface RunRequest {
  agentId: string;
  target: UpstreamTarget;
  appName: string;
  userId: string;
  sessionId: string;
  /** Sent upstream as is. */
  newMessage: UserContent;
  /** What the store, the stream and the inbox see (credential secrets masked). */
  recordedMessage: UserContent;
  streaming: boolean;
  stateDelta?: Record<string, unknown>;
  answersInterruptId?: string;
}

/** How a run's start went, for an answer's status (sent once the upstream accepted it). */
export interface RunHooks {
  accepted?: () => void;
  /** The HTTP error before streaming, or the first `{"error":…}` frame. */
  failed?: (error: AppErrorBody) => void;
  /** The first frame arrived, or the run ended without one. */
  firstFrame?: () => void;
}

/**
 * Both servers flush the SSE headers as soon as the run starts; a proxy in between may hold them
 * until the first event, which a slow model can take a while to produce.
 */
const RUN_HEADERS_TIMEOUT_MS = 120_000;

interface ActiveRun {
  record: RunRecord;
  controller: AbortController;
  done: Promise<RunRecord>;
}

/** Runs `/run_sse` in the background and records every frame on the one entry stream. */
export class RunManager {
  private readonly active = new Map<string, ActiveRun>();

  constructor(
    private readonly hub: Hub,
    private readonly agentStore: AgentStore,
    private readonly inbox: AdkInbox,
  ) {}

  private record<K extends EntryKind>(
    agentId: string,
    sessionKey: string,
    protocol: ProtocolOfKind<K>,
    direction: Direction,
    kind: K,
    raw: EntryPayload<K>,
    sourceTime: number | null = null,
  ): Entry {
    const receivedAt = Date.now();
    return this.hub.record({ connectionId: agentId, sessionKey, receivedAt, sourceTime, direction, protocol, kind, raw });
  }

  /** A frame the agent server streamed but will not have in the stored session. */
  private recordUnstored(run: RunRecord, kind: "event" | "stream_error" | "malformed", raw: EntryPayload<typeof kind>): void {
    const saved = this.record<typeof kind>(run.agentId, run.sessionKey, "adk", "in", kind, raw);
    this.agentStore.markUnstored(saved.seq, run.agentId, run.sessionKey);
  }

  private publish(run: RunRecord): void {
    this.agentStore.saveRun(run);
    this.record(run.agentId, run.sessionKey, "loupe", "local", "run", run);
  }

  /** Returns the running record at once; the stream continues in the background. */
  start(req: RunRequest, hooks: RunHooks = {}): RunRecord {
    const sessionKey = adkSessionKey(req.appName, req.userId, req.sessionId);
    const record: RunRecord = {
      id: randomUUID(),
      agentId: req.agentId,
      sessionKey,
      status: "running",
      startedAt: Date.now(),
      endedAt: null,
      eventCount: 0,
      ...(req.answersInterruptId ? { answersInterruptId: req.answersInterruptId } : {}),
    };
    const controller = new AbortController();
    this.publish(record);
    // /run_sse never echoes the user's message (adk.md §0.3): record it before sending.
    const userRaw = { runId: record.id, newMessage: req.recordedMessage, ...(req.stateDelta ? { stateDelta: req.stateDelta } : {}) };
    this.record(req.agentId, sessionKey, "adk", "out", "user_message", userRaw);
    this.inbox.feedUserMessage(req.agentId, sessionKey, req.recordedMessage, req.stateDelta);
    const active: ActiveRun = { record, controller, done: Promise.resolve(record) };
    this.active.set(record.id, active);
    active.done = this.stream(req, active, hooks).finally(() => this.active.delete(record.id));
    return { ...record };
  }

  private async stream(req: RunRequest, active: ActiveRun, hooks: RunHooks): Promise<RunRecord> {
    const run = active.record;
    let firstFrameSeen = false;
    const first = (): void => {
      if (firstFrameSeen) return;
      firstFrameSeen = true;
      hooks.firstFrame?.();
    };
    const finish = (patch: Partial<RunRecord>): RunRecord => {
      Object.assign(run, { endedAt: Date.now(), ...patch });
      this.publish(run);
      first();
      return { ...run };
    };
    const body = {
      appName: req.appName,
      userId: req.userId,
      sessionId: req.sessionId,
      newMessage: req.newMessage,
      streaming: req.streaming,
      ...(req.stateDelta ? { stateDelta: req.stateDelta } : {}),
    };
    let res: Response;
    try {
      const signal = active.controller.signal;
      res = await upstreamFetch(req.target, "/run_sse", {
        method: "POST",
        body,
        signal,
        accept: "text/event-stream",
        timeoutMs: RUN_HEADERS_TIMEOUT_MS,
      });
      if (!res.ok) throw await upstreamError(res, "POST /run_sse");
    } catch (e) {
      if (active.controller.signal.aborted) return finish({ status: "aborted" });
      const error = AppError.from(e, "upstream:agent_run").toJSON();
      hooks.failed?.(error);
      return finish({ status: "failed", error });
    }
    hooks.accepted?.();
    const parser = createSseParser();
    let streamError: AppErrorBody | undefined;
    const onFrames = (frames: SseFrame[]): void => {
      for (const frame of frames) {
        first();
        if (frame.kind === "event" && normalizeEvent(frame.data).shape !== "event") {
          // JSON, but not an ADK event: no session will ever hold it.
          this.recordUnstored(run, "event", frame.data);
        } else if (frame.kind === "event") {
          run.eventCount += 1;
          const ts = typeof frame.data === "object" && frame.data !== null ? (frame.data as { timestamp?: unknown }).timestamp : undefined;
          // A credential request's auth config may carry an OAuth client secret: stored masked;
          // the tracker (memory only) keeps the real one to send back with the answer.
          this.record(run.agentId, run.sessionKey, "adk", "in", "event", maskCredentialSecrets(frame.data), toEpochMs(ts));
          this.inbox.feedEvent(run.agentId, run.sessionKey, frame.data);
        } else if (frame.kind === "stream_error") {
          this.recordUnstored(run, "stream_error", frame.data);
          if (!streamError) {
            const details = frame.details !== undefined ? { frame: frame.data } : undefined;
            streamError = { code: "upstream:agent_stream_error", message: frame.message, ...(details ? { details } : {}) };
            // Only an error before any event refuses the message; a later one ends a run that took it.
            if (run.eventCount === 0) hooks.failed?.(streamError);
          }
        } else {
          this.recordUnstored(run, "malformed", { text: frame.text, error: frame.error });
        }
      }
    };
    try {
      if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          onFrames(parser.push(value));
        }
      }
      onFrames(parser.end());
    } catch (e) {
      // Whatever arrived is already recorded; a half frame left in the parser is kept as malformed.
      onFrames(parser.end());
      if (active.controller.signal.aborted) return finish({ status: "aborted" });
      const n = run.eventCount;
      const why = describeNetworkError(e);
      // A plain socket close says nothing the sentence does not already say.
      const suffix = why === NETWORK_CLOSED ? "" : ` (${why})`;
      const message = `the agent server closed the connection after ${n} event${n === 1 ? "" : "s"}${suffix}`;
      return finish({ status: "failed", error: { code: "upstream:agent_disconnected", message } });
    }
    if (streamError) return finish({ status: "failed", error: streamError });
    return finish({ status: "completed" });
  }

  get(runId: string): RunRecord | undefined {
    const active = this.active.get(runId);
    return active ? { ...active.record } : this.agentStore.getRun(runId);
  }

  /** Resolves with the final record (for tests and answers). */
  async wait(runId: string): Promise<RunRecord | undefined> {
    const active = this.active.get(runId);
    return active ? active.done : this.agentStore.getRun(runId);
  }

  /** Closing the HTTP connection is what aborts an ADK run (adk.md §2). */
  async abort(agentId: string, runId: string): Promise<RunRecord> {
    const active = this.active.get(runId);
    if (active && active.record.agentId === agentId) {
      active.controller.abort();
      return active.done;
    }
    const stored = this.agentStore.getRun(runId);
    if (!stored || stored.agentId !== agentId) throw new AppError("not_found:run", `No run "${runId}" on this agent server`);
    return stored;
  }

  /** Another instance streamed runs of `agentId` and stopped (issue 25): those still "running" fail with `error`. */
  closeLeftBehind(agentId: string, error: AppErrorBody): void {
    for (const run of this.agentStore.failLeftBehind(agentId, error, (id) => this.active.has(id)))
      this.record(run.agentId, run.sessionKey, "loupe", "local", "run", run);
  }

  abortAll(agentId?: string): Promise<RunRecord[]> {
    const runs = [...this.active.values()].filter((a) => agentId === undefined || a.record.agentId === agentId);
    for (const a of runs) a.controller.abort();
    return Promise.all(runs.map((a) => a.done));
  }
}
