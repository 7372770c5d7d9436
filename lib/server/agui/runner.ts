import "server-only";
import { HttpAgent, transformChunks, verifyEvents } from "@ag-ui/client";
import type { RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { SseFeed, STRAY_LINES } from "@/lib/server/sse-feed";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { AppError } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";
import { isKnownAguiEventType, normalizeAguiRun } from "@/lib/protocols/agui";
import type { AguiRunTimeline } from "@/lib/protocols/agui";
import type { Hub } from "@/lib/server/hub";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";

type AguiEntryKind = "agui_input" | "agui_event" | "agui_malformed" | "agui_run";

/**
 * One AG-UI run: POST the RunAgentInput with @ag-ui/client's HttpAgent and record what comes back.
 * The fetch handed to HttpAgent tees the response body: Loupe reads its own copy of the raw SSE,
 * so every frame is recorded as received (unknown types, deprecated THINKING_*, lines that do not
 * parse) even when the client's own checks refuse the stream and stop reading theirs.
 */

export interface RunPlan {
  agentId: string;
  url: string;
  headers: Record<string, string>;
  input: RunAgentInput;
  /** Request ids whose answers this run carries. */
  answers?: string[];
}

export interface RunResult {
  record: AguiRunRecord;
  /** The events that parsed and validated, in order (what the timeline was built from). */
  events: unknown[];
  timeline: AguiRunTimeline;
}

export interface ActiveRun {
  readonly runId: string;
  readonly done: Promise<RunResult>;
  abort(): void;
}

type Raw =
  | { ok: true; stream: ReadableStream<Uint8Array> }
  | { ok: false; status: number; text: string }
  /** HTTP 200 with something else than an event stream (a proxy's login page). */
  | { ok: false; status: number; text: string; contentType: string };

/** How long the client's copy may lag behind Loupe's before Loupe stops waiting for its verdict. */
const CLIENT_GRACE_MS = 2_000;

const message = (e: unknown): string => {
  if (e instanceof Error) {
    const cause = e.cause;
    return cause instanceof Error && cause.message ? `${e.message} (${cause.message})` : e.message;
  }
  return String(e);
};

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/**
 * The client's copy of the body, ending quietly where the real one breaks: @ag-ui/client cancels
 * its reader on teardown and rethrows any rejection other than AbortError, which for a stream cut
 * by the agent ("terminated") would surface as an unhandled rejection. Loupe's own copy sees the break.
 */
function quietEnd(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      try {
        const { value, done } = await reader.read();
        if (done) ctrl.close();
        else ctrl.enqueue(value);
      } catch {
        ctrl.close();
      }
    },
    cancel: (reason) => reader.cancel(reason).catch(() => undefined),
  });
}

export function startRun(hub: Hub, plan: RunPlan, onStart: (record: AguiRunRecord) => void): ActiveRun {
  const { agentId, input } = plan;
  const record: AguiRunRecord = {
    runId: input.runId,
    threadId: input.threadId,
    agentId,
    status: "running",
    startedAt: Date.now(),
    endedAt: null,
    eventCount: 0,
    ...(plan.answers?.length ? { answers: plan.answers } : {}),
  };
  const base = { connectionId: agentId, sessionKey: input.threadId, protocol: "agui" as const };
  const rec = <K extends AguiEntryKind>(
    kind: K,
    direction: "in" | "out" | "local",
    raw: EntryPayload<K>,
    sourceTime: number | null = null,
  ) => hub.record<K>({ ...base, kind, direction, raw, receivedAt: Date.now(), sourceTime });
  onStart(record);
  rec("agui_run", "local", record);

  let aborted = false;
  let fetchCalled = false;
  const raw = deferred<Raw>();
  const clientDone = deferred<void>();
  let clientError: string | undefined;

  const fetchThrough = async (url: string, init: RequestInit): Promise<Response> => {
    fetchCalled = true;
    // What actually went out: HttpAgent strips and re-validates the input before POSTing it.
    let sent: unknown = input;
    try {
      sent = JSON.parse(String(init.body));
    } catch {
      /* keep the planned input */
    }
    rec("agui_input", "out", { runId: input.runId, input: sent });
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (e) {
      raw.reject(e);
      throw e;
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => "");
      raw.resolve({ ok: false, status: res.status, text });
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    // A declared type that is no event stream (text/html from a proxy's login page): kept and said.
    // None at all is read as SSE, as before; the protobuf one is @ag-ui/client's to read.
    const contentType = res.headers.get("content-type") ?? "";
    if (contentType !== "" && !contentType.includes("text/event-stream") && !contentType.includes("vnd.ag-ui")) {
      const text = await res.text().catch(() => "");
      raw.resolve({ ok: false, status: res.status, text, contentType });
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    const [mine, theirs] = res.body.tee();
    raw.resolve({ ok: true, stream: mine });
    return new Response(quietEnd(theirs), { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  const agent = new HttpAgent({ url: plan.url, headers: plan.headers, fetch: fetchThrough });
  const subscription = verifyEvents(false)(transformChunks(false)(agent.run(input))).subscribe({
    error: (e: unknown) => {
      clientError = message(e);
      // Refused before anything was sent (HttpAgent validates the outgoing input).
      if (!fetchCalled) raw.reject(new AppError("bad_request:agui_run_input", `@ag-ui/client refused the run input: ${clientError}`));
      clientDone.resolve();
    },
    complete: () => clientDone.resolve(),
  });

  const events: unknown[] = [];
  /** A RUN_FINISHED that arrived but failed @ag-ui/core's schema (issue 23): why, and the frame as received. */
  let refusedFinish: { problem: string; text: string } | undefined;
  const onData = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      rec("agui_malformed", "in", { runId: input.runId, text, error: `Not JSON: ${message(e)}` });
      return;
    }
    const type = isRecord(parsed) ? parsed.type : undefined;
    if (typeof type !== "string" || type === "") {
      rec("agui_malformed", "in", { runId: input.runId, text, error: "Not an AG-UI event: no string `type`" });
      return;
    }
    // Known 1.0 types must match @ag-ui/core's schema; THINKING_* and unknown types are kept as received.
    if (isKnownAguiEventType(type) && !type.startsWith("THINKING_")) {
      const check = EventSchemas.safeParse(parsed);
      if (!check.success) {
        const issue = check.error.issues[0];
        const problem = issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid";
        if (type === "RUN_FINISHED") refusedFinish = { problem, text };
        rec("agui_malformed", "in", { runId: input.runId, text, error: `${type} does not match the AG-UI schema: ${problem}` });
        return;
      }
    }
    const ts = isRecord(parsed) ? parsed.timestamp : undefined;
    events.push(parsed);
    record.eventCount++;
    rec("agui_event", "in", { runId: input.runId, event: parsed }, typeof ts === "number" ? ts : null);
  };

  const done = (async (): Promise<RunResult> => {
    let error: AppErrorBody | undefined;
    try {
      const got = await raw.promise;
      if (!got.ok && "contentType" in got) {
        // Kept whole (bounded) as the agent sent it: the run's error says what it was.
        rec("agui_malformed", "in", { runId: input.runId, text: got.text.slice(0, NOT_A_STREAM_KEPT), error: notAStream(got.contentType) });
        error = { code: "upstream:agui_not_event_stream", message: `${notAStream(got.contentType)}: ${got.text.slice(0, 2000)}` };
      } else if (!got.ok) {
        error = {
          code: "upstream:agui_http",
          message: `The agent answered HTTP ${got.status}${got.text ? `: ${got.text.slice(0, 2000)}` : ""}`,
          details: { status: got.status },
        };
      } else {
        // SseFeed: CR line ends, and lines that are no SSE field kept as text (lib/server/sse-feed.ts).
        const sse = new SseFeed((m) => onData(m.data));
        const stray = () => {
          const text = sse.takeStray();
          if (text !== null) rec("agui_malformed", "in", { runId: input.runId, text, error: STRAY_LINES });
        };
        const reader = got.stream.getReader();
        const decoder = new TextDecoder();
        // One SQLite transaction per chunk read: a commit per event made a 10,000-event run take seconds.
        const feed = (text: string) =>
          hub.store.db.transaction(() => {
            sse.feed(text);
            stray();
          })();
        try {
          for (;;) {
            const { value, done: end } = await reader.read();
            if (end) break;
            feed(decoder.decode(value, { stream: true }));
          }
        } finally {
          // Also when the stream broke: the frame it was cut in the middle of is dispatched (and
          // recorded as malformed when it does not parse) instead of lost with the parser.
          for (const cut of sse.end(decoder.decode())) onData(cut.data);
          stray();
        }
      }
    } catch (e) {
      if (aborted) error = { code: "cancelled:agui_run_aborted", message: "Aborted from Loupe" };
      else if (e instanceof AppError) error = e.toJSON();
      else if (!fetchCalled || !(await raw.promise.then(() => true).catch(() => false)))
        error = { code: "upstream:agui_unreachable", message: `The agent could not be reached at ${plan.url}: ${message(e)}` };
      else error = { code: "upstream:agui_stream_cut", message: `The event stream broke: ${message(e)}` };
    }
    await Promise.race([clientDone.promise, new Promise((r) => setTimeout(r, CLIENT_GRACE_MS))]);
    subscription.unsubscribe();

    const timeline = normalizeAguiRun(events, { initialState: input.state });
    const outcome = timeline.outcome;
    if (aborted) {
      record.status = "aborted";
      record.error = error ?? { code: "cancelled:agui_run_aborted", message: "Aborted from Loupe" };
    } else if (outcome.type === "error") {
      record.status = "error";
      record.error = {
        code: "upstream:agui_run_error",
        message: outcome.message,
        ...(outcome.code ? { details: { code: outcome.code } } : {}),
      };
    } else if (error) {
      record.status = "error";
      record.error = error;
    } else if (outcome.type === "running" && refusedFinish) {
      record.status = "error";
      const what = refusedFinish.problem.startsWith("outcome") ? "an outcome that does not validate" : "a body that does not validate";
      record.error = {
        code: "upstream:agui_run_finished_invalid",
        message: `RUN_FINISHED arrived with ${what} (${refusedFinish.problem})`,
        details: { frame: refusedFinish.text },
      };
    } else if (outcome.type === "running") {
      record.status = "error";
      record.error = { code: "upstream:agui_stream_cut", message: "The event stream ended before RUN_FINISHED or RUN_ERROR" };
    } else {
      record.status = outcome.type === "interrupt" ? "interrupted" : "finished";
      record.outcome = outcome.type;
    }
    if (clientError && !(record.error?.code === "upstream:agui_http")) record.clientError = clientError;
    record.endedAt = Date.now();
    rec("agui_run", "local", record);
    return { record, events, timeline };
  })();

  return {
    runId: input.runId,
    done,
    abort: () => {
      if (record.endedAt !== null) return;
      aborted = true;
      agent.abortRun();
    },
  };
}

/** How much of a body that is not an event stream is kept on record. */
const NOT_A_STREAM_KEPT = 64 * 1024;
const notAStream = (contentType: string) => `The agent answered with ${contentType}, not an event stream (text/event-stream)`;
