import "server-only";
import { HttpAgent, transformChunks, verifyEvents } from "@ag-ui/client";
import type { RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { SseFeed, STRAY_LINES } from "@/lib/server/sse-feed";
import { quietEnd } from "@/lib/server/agui/client-copy";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { AppError } from "@/lib/errors";
import type { AppErrorBody } from "@/lib/errors";
import { isKnownAguiEventType } from "@/lib/protocols/agui";
import { ResponseRuns, type AguiEntryKind, type RunHooks, type RunResult } from "@/lib/server/agui/response-runs";
import type { Hub } from "@/lib/server/hub";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";

/**
 * One AG-UI run: POST the RunAgentInput with @ag-ui/client's HttpAgent and record what comes back.
 * The fetch handed to HttpAgent tees the response body: Loupe reads its own copy of the raw SSE,
 * so every frame is recorded as received (unknown types, deprecated THINKING_*, lines that do not
 * parse) even when the client's own checks refuse the stream and stop reading theirs. A response
 * may carry several runs in sequence: each is recorded as a run of its own (response-runs.ts).
 */

export interface RunPlan {
  agentId: string;
  url: string;
  headers: Record<string, string>;
  input: RunAgentInput;
  /** Request ids whose answers this run carries. */
  answers?: string[];
}

export type { EndedRun, RunHooks, RunResult } from "@/lib/server/agui/response-runs";

export interface ActiveRun {
  readonly runId: string;
  readonly done: Promise<RunResult>;
  /** The run of the response going on now: the one opened last, or Loupe's while the agent has not said which is its own. */
  openRun(): AguiRunRecord | undefined;
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

export function startRun(hub: Hub, plan: RunPlan, hooks: RunHooks): ActiveRun {
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
    receivedAt = Date.now(),
  ) => hub.record<K>({ ...base, kind, direction, raw, receivedAt, sourceTime });
  hooks.changed(record);
  rec("agui_run", "local", record);
  const runs = new ResponseRuns(input, record, rec, hooks);
  const malformed = (text: string, error: string) => runs.malformed(text, error);

  let aborted = false;
  let over = false;
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

  const onData = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      malformed(text, `Not JSON: ${message(e)}`);
      return;
    }
    const type = isRecord(parsed) ? parsed.type : undefined;
    if (!isRecord(parsed) || typeof type !== "string" || type === "") {
      malformed(text, "Not an AG-UI event: no string `type`");
      return;
    }
    // Known 1.0 types must match @ag-ui/core's schema; THINKING_* and unknown types are kept as received.
    if (isKnownAguiEventType(type) && !type.startsWith("THINKING_")) {
      const check = EventSchemas.safeParse(parsed);
      if (!check.success) {
        const issue = check.error.issues[0];
        const problem = issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid";
        if (type === "RUN_FINISHED") runs.refusedFinish(problem, text);
        malformed(text, `${type} does not match the AG-UI schema: ${problem}`);
        return;
      }
    }
    runs.event(parsed);
  };

  const done = (async (): Promise<RunResult> => {
    let error: AppErrorBody | undefined;
    try {
      const got = await raw.promise;
      if (!got.ok && "contentType" in got) {
        // Kept whole (bounded) as the agent sent it: the run's error says what it was.
        malformed(got.text.slice(0, NOT_A_STREAM_KEPT), notAStream(got.contentType));
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
          if (text !== null) malformed(text, STRAY_LINES);
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

    // The transport's word and an abort are the last run's: the ones before it had ended.
    const result = hub.store.db.transaction(() => runs.finish({ error, aborted, clientError }))();
    over = true;
    return result;
  })();

  return {
    runId: input.runId,
    done,
    openRun: () => runs.openRun(),
    abort: () => {
      if (over) return;
      aborted = true;
      agent.abortRun();
    },
  };
}

/** How much of a body that is not an event stream is kept on record. */
const NOT_A_STREAM_KEPT = 64 * 1024;
const notAStream = (contentType: string) => `The agent answered with ${contentType}, not an event stream (text/event-stream)`;
