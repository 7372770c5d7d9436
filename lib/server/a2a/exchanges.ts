import "server-only";
import { randomUUID } from "node:crypto";
import type { A2aSendBody } from "@/lib/contracts/a2a";
import type { Entry } from "@/lib/contracts/entries";
import { AppError } from "@/lib/errors";
import type { A2aItem } from "@/lib/protocols/a2a/frames";
import { cardStreams, makeClient, sendRequest, type SendPushConfig } from "@/lib/server/a2a/client";
import { agentError, transportError } from "@/lib/server/a2a/errors";
import type { A2aAgentEntry, A2aAgentLookup, Exchange } from "@/lib/server/a2a/exchange";
import { grpcRecorder } from "@/lib/server/a2a/grpc-wire";
import type { A2aTasks } from "@/lib/server/a2a/tasks";
import { A2aWire, yieldToPage } from "@/lib/server/a2a/wire";
import { leftUnfinished, lostMidTask, NO_EVENT, STREAM_WAITS } from "@/lib/server/a2a/stream-end";
import type { Hub } from "@/lib/server/hub";
import { errorMessage, isRecord } from "@/lib/values";

type Client = Awaited<ReturnType<typeof makeClient>>;

/**
 * The calls Loupe makes to A2A agents (issue 11 §2): each one an exchange with its own recorded
 * wire; streams drained in the background, with which task each keeps open.
 */
export class A2aExchanges {
  /** `agentId\ntaskId` → the exchange whose stream is open for it now (task ids are the agent's: two agents may share one). */
  private readonly streams = new Map<string, string>();
  /** Exchanges whose stream is being drained: removing their agent or closing aborts them. */
  private readonly exchanges = new Map<string, { exchange: Exchange; run: Promise<void> }>();

  constructor(
    private readonly hub: Hub,
    private readonly tasks: A2aTasks,
    private readonly agents: A2aAgentLookup,
  ) {}

  async open(agentId: string, opts: { contextId?: string; secrets?: string[]; onTask?: (taskId: string) => void } = {}) {
    const entry = this.agents.require(agentId);
    if (!entry.state.card || entry.state.status !== "ok") await this.agents.refreshCard(agentId);
    const [id, abort] = [randomUUID(), new AbortController()];
    const exchange: Exchange = {
      id,
      agentId,
      frames: 0,
      taskIds: new Set(),
      abort,
      ...(opts.onTask ? { onTask: opts.onTask } : {}),
      wire: new A2aWire(this.hub, {
        agentId,
        exchangeId: id,
        transport: entry.state.transport ?? "JSONRPC",
        ...(opts.contextId ? { contextId: opts.contextId } : {}),
        ...(opts.secrets ? { secrets: opts.secrets } : {}),
        signal: abort.signal,
        onItem: (item, recorded) => this.onItem(exchange, item, recorded),
        onStreamOpen: () => exchange.onOpen?.(),
      }),
    };
    const grpcRecorded = (target: string) => grpcRecorder(exchange.wire, target, entry.config.headers, abort.signal);
    const client = await makeClient(entry.state.card, entry.state.transport, exchange.wire.fetchWith(entry.config.headers), grpcRecorded);
    return { entry, exchange, client };
  }

  private onItem(exchange: Exchange, item: A2aItem, recorded: Entry): void {
    exchange.frames++;
    if (item.type === "error") {
      exchange.error = item;
      return;
    }
    const taskId = item.type === "message" ? item.message.taskId : item.type === "push-config" ? undefined : item.taskId;
    if (taskId) exchange.namedTaskId ??= taskId;
    if (taskId && !exchange.taskIds.has(taskId)) {
      exchange.taskIds.add(taskId);
      exchange.onTask?.(taskId);
    }
    this.tasks.apply(exchange.agentId, item);
    if (item.type === "task") {
      const payload = isRecord(recorded.raw) ? recorded.raw.payload : undefined;
      const result = (isRecord(payload) ? payload.result : undefined) ?? payload;
      this.tasks.keepTask(exchange.agentId, item.taskId, (isRecord(result) ? result.task : undefined) ?? result);
    }
    exchange.onFrame?.();
  }

  /** A unary call: the agent's JSON-RPC / REST error becomes the AppError, never a 500. */
  async unary<T>(agentId: string, call: (client: Client) => Promise<T>): Promise<T> {
    const { entry, exchange, client } = await this.open(agentId);
    try {
      return await call(client);
    } catch (e) {
      if (exchange.error) throw agentError(exchange.error);
      throw this.transportFailure(e, entry);
    }
  }

  /** transportError(), and an agent nothing answered is listed unreachable. */
  private transportFailure(e: unknown, entry: A2aAgentEntry): AppError {
    const err = transportError(e, entry.config.url);
    if (err.code === "upstream:a2a_unreachable") this.agents.unreachable(entry.config.id, err.message);
    return err;
  }

  /**
   * Sends a message (message/stream when asked and the card streams, message/send otherwise; with
   * `opts.push`, the push config rides in the same request).
   * Resolves once the agent's first frame arrived (or rejects with its error); the rest of a
   * stream keeps arriving as entries.
   */
  async send(
    agentId: string,
    body: A2aSendBody,
    opts: { secrets?: string[]; push?: SendPushConfig; onTask?: (taskId: string) => void } = {},
  ): Promise<{ exchangeId: string; taskId?: string; contextId?: string }> {
    const { push, ...openOpts } = opts;
    const { entry, exchange, client } = await this.open(agentId, { ...(body.contextId ? { contextId: body.contextId } : {}), ...openOpts });
    const request = sendRequest(body, push);
    const ids = () => {
      const taskId = exchange.namedTaskId ?? body.taskId;
      const rec = taskId ? this.tasks.get(agentId, taskId) : undefined;
      return {
        exchangeId: exchange.id,
        ...(taskId ? { taskId } : {}),
        ...(rec?.contextId ? { contextId: rec.contextId } : body.contextId ? { contextId: body.contextId } : {}),
      };
    };
    // A non-blocking send is message/send: it answers at once, and the task moves on by pushes.
    if (!body.stream || body.blocking === false || !cardStreams(entry.state.card)) {
      try {
        await client.sendMessage(request);
      } catch (e) {
        if (exchange.error) throw agentError(exchange.error);
        throw this.transportFailure(e, entry);
      }
      return ids();
    }
    await this.stream(entry, exchange, client.sendMessageStream(request), body.taskId);
    return ids();
  }

  /** tasks/resubscribe (v0.3) / SubscribeToTask (v1.0) after a drop; resolves at the first frame. */
  async resubscribe(agentId: string, taskId: string, contextId: string | undefined): Promise<{ exchangeId: string }> {
    const { entry, exchange, client } = await this.open(agentId, contextId ? { contextId } : {});
    await this.stream(entry, exchange, client.resubscribeTask({ tenant: "", id: taskId }), taskId, "resubscribed");
    return { exchangeId: exchange.id };
  }

  /**
   * Drains a stream in the background; resolves at its first frame. Its end is recorded (ended()):
   * `closed` with the reason, `dropped` when it died after frames and the agent still answers.
   */
  private stream(
    entry: A2aAgentEntry,
    exchange: Exchange,
    gen: AsyncGenerator<unknown>,
    knownTaskId?: string,
    event: "open" | "resubscribed" = "open",
  ): Promise<void> {
    const streamEntry = (ev: "open" | "closed" | "dropped" | "resubscribed", error?: string) => {
      // A send's open comes before its frames: the task it continues is not named (the agent may answer a new one).
      const taskId = exchange.namedTaskId ?? (ev === "open" ? undefined : knownTaskId);
      exchange.wire.record("a2a_stream", "local", {
        exchangeId: exchange.id,
        event: ev,
        method: exchange.wire.lastMethod,
        ...(taskId ? { taskId } : {}),
        ...(error ? { error } : {}),
      });
    };
    let first: { resolve: () => void; reject: (e: AppError) => void; settled: boolean } | undefined;
    const started = new Promise<void>((resolve, reject) => {
      first = { resolve, reject, settled: false };
    });
    // An agent that sends only keep-alives: the send answers (no task yet) instead of hanging.
    const waited = setTimeout(() => settle(), STREAM_WAITS.firstFrameMs);
    waited.unref?.();
    void started.then(
      () => clearTimeout(waited),
      () => clearTimeout(waited),
    );
    const settle = (e?: AppError) => {
      if (!first || first.settled) return;
      first.settled = true;
      if (e) first.reject(e);
      else first.resolve();
    };
    const mark = (on: boolean) => {
      for (const id of exchange.taskIds) {
        const key = `${exchange.agentId}\n${id}`;
        if (on) this.streams.set(key, exchange.id);
        else if (this.streams.get(key) === exchange.id) this.streams.delete(key);
      }
    };
    if (knownTaskId) exchange.taskIds.add(knownTaskId);
    let opened = false;
    let marked = 0;
    // The open entry, once: when the agent's event stream arrived (wire.ts), before any of its frames
    // (it listed after the first); else at the first frame (a body not SSE) or at the end.
    exchange.onOpen = () => {
      if (!opened) streamEntry(event);
      opened = true;
    };
    // Each frame Loupe recorded answers the send. The open streams hear of a task once, when a
    // frame names a new one, not again for each of its chunks.
    exchange.onFrame = () => {
      if (!opened) exchange.onOpen?.();
      if (exchange.taskIds.size !== marked) {
        marked = exchange.taskIds.size;
        mark(true);
      }
      settle();
    };
    /** How the stream ended: `cut` = why Loupe's read of it broke, `e` = what the SDK threw. */
    const ended = async (cut: string | undefined, e?: unknown) => {
      const why = cut ?? (e === undefined ? undefined : errorMessage(e));
      if (exchange.aborted) {
        streamEntry("closed", exchange.aborted);
        settle(new AppError("conflict:a2a_aborted", exchange.aborted));
      } else if (exchange.error) {
        streamEntry("closed", `The agent ended the stream with an error: ${exchange.error.message}`);
        settle(agentError(exchange.error));
      } else if (exchange.wire.sawMalformed && (why === undefined || exchange.frames === 0)) {
        // A stream that broke after frames is lost or dropped (below) whatever frame did not fit.
        streamEntry("closed", `A frame did not fit the A2A schema (recorded raw)${why ? `: ${why}` : ""}`);
        settle(new AppError("upstream:a2a_malformed", "The agent sent a frame that is not A2A (recorded raw)"));
      } else if (why === undefined) {
        exchange.onOpen?.();
        streamEntry("closed", exchange.frames === 0 ? NO_EVENT : leftUnfinished(exchange, this.tasks));
        if (exchange.frames === 0) settle(new AppError("upstream:a2a_protocol", NO_EVENT));
      } else if (exchange.frames > 0) {
        const lost = await lostMidTask(this.agents, this.tasks, exchange, why);
        if (lost) streamEntry("closed", lost);
        else streamEntry("dropped", why);
      } else {
        const failure = this.transportFailure(e ?? new Error(`The stream broke before its first frame (${why})`), entry);
        // The send already answered (it waited past STREAM_WAITS) or the stream was open: the failure is said on the record.
        if (first?.settled || opened) streamEntry("closed", failure.message);
        settle(failure);
      }
    };
    const run = (async () => {
      try {
        // Over HTTP the SDK is handed an empty body and yields nothing: the wire parsed and recorded
        // every frame once and called onFrame (the SDK parsing each again cost as much as the bare
        // client). Over gRPC the SDK reads the stream and yields each frame.
        for await (const _ of gen) exchange.onFrame?.();
        await ended(await exchange.wire.streamEnded);
      } catch (e) {
        await ended(await exchange.wire.streamEnded, e);
      } finally {
        mark(false);
        // The task record as the stream left it, written now (chunks within a state wait in memory),
        // after the page's stream had its turn: the write's transaction first writes the entries
        // queued behind the burst (write-behind.ts), which the page must not wait for.
        await yieldToPage();
        this.tasks.flush();
        settle();
      }
    })();
    this.exchanges.set(exchange.id, { exchange, run });
    void run.finally(() => this.exchanges.delete(exchange.id));
    return started;
  }

  /** Whether a stream is open for the task now. */
  streaming(agentId: string, taskId: string): boolean {
    return this.streams.has(`${agentId}\n${taskId}`);
  }

  private abortExchange(exchange: Exchange, reason: string): void {
    exchange.aborted ??= reason;
    exchange.abort.abort(new Error(reason));
  }

  /** Ends the agent's open streams now (recorded `closed` with the reason), not when the agent ends them. */
  abortAgent(agentId: string, reason: string): void {
    for (const { exchange } of this.exchanges.values()) if (exchange.agentId === agentId) this.abortExchange(exchange, reason);
  }

  /** Resolves when an exchange's stream has ended (tests). */
  async wait(exchangeId: string): Promise<void> {
    await this.exchanges.get(exchangeId)?.run;
  }

  /** Every open stream is aborted (recorded `closed`) and has ended (tests, shutdown): an agent that keeps one open cannot hold Loupe. */
  async closeAll(): Promise<void> {
    const open = [...this.exchanges.values()];
    for (const { exchange } of open) this.abortExchange(exchange, "Loupe is shutting down");
    await Promise.allSettled(open.map((o) => o.run));
  }
}
