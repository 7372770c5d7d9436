import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { SseParser } from "@/lib/server/langgraph/sse";
import type { SseEvent } from "@/lib/server/langgraph/sse";
import { AssistantWire, CheckpointWire, GraphWire, InfoWire, SchemasWire, StateUpdateWire, ThreadWire } from "@/lib/server/langgraph/wire";
import type {
  AssistantWire as Assistant,
  CheckpointWire as Checkpoint,
  GraphWire as Graph,
  ThreadWire as Thread,
} from "@/lib/server/langgraph/wire";
import { errorMessage } from "@/lib/values";
import { encodeWire } from "@/lib/contracts/wire-strings";

/** Where a deployment answers and what every request carries (`x-api-key`…). */
export interface LgTarget {
  url: string;
  headers: Record<string, string>;
}

/** How a streamed run ended, as the socket saw it (what the events said is the runner's). */
export type LgStreamEnd = { cut: false } | { cut: true; reason: string };

/** A streamed run whose response headers arrived: the run id if the server named it, and its events. */
export interface LgRunStream {
  /** From `Content-Location: /threads/{tid}/runs/{rid}` (the metadata event says it too). */
  runId: string | null;
  /** Reads to the end, one event at a time; a cut socket or a half event is `cut`, never a throw. */
  read(onEvent: (event: SseEvent) => void, onChunk?: (feed: () => void) => void): Promise<LgStreamEnd>;
}

/** What Loupe asks of a LangGraph API server: an interface so the service's tests can fake the server. */
export interface LgApi {
  info(): Promise<Record<string, unknown>>;
  searchAssistants(): Promise<Assistant[]>;
  graph(assistantId: string, xray: boolean): Promise<Graph>;
  schemas(assistantId: string): Promise<z.infer<typeof SchemasWire>>;
  createThread(body: { metadata?: Record<string, unknown>; thread_id?: string }): Promise<Thread>;
  searchThreads(body: { status?: string; limit: number; offset?: number; metadata?: Record<string, unknown> }): Promise<Thread[]>;
  getThread(threadId: string): Promise<Thread>;
  deleteThread(threadId: string): Promise<void>;
  history(threadId: string, limit: number): Promise<Checkpoint[]>;
  updateState(threadId: string, body: { values: unknown; checkpoint_id?: string; as_node?: string }): Promise<{ checkpointId: string }>;
  streamRun(threadId: string, body: Record<string, unknown>, signal: AbortSignal): Promise<LgRunStream>;
  cancelRun(threadId: string, runId: string): Promise<void>;
}

/** A REST call's bound; GET /assistants/{id}/schemas is never on a hot path for this reason. */
const REQUEST_TIMEOUT_MS = 15_000;
/** GET /assistants/{id}/schemas: 9–25 s for a typed graph's first answer measured here (the server compiles its types), never for a plain .mjs one. */
const SCHEMAS_TIMEOUT_MS = 45_000;
/** How long a run's response headers may take (the events after them have no bound: a run runs). */
const STREAM_HEADERS_TIMEOUT_MS = 30_000;
/** The upstream's words kept in an error. */
const MAX_ERROR_TEXT = 2_000;

const enc = (value: string): string => encodeWire(value, "bad_request:langgraph_id");

/** The LangGraph API over fetch (no SDK in production: the SDK is the bench's). */
export class LgClient implements LgApi {
  constructor(private readonly target: LgTarget) {}

  private url(path: string): string {
    const base = this.target.url.endsWith("/") ? this.target.url : `${this.target.url}/`;
    return new URL(path.replace(/^\//, ""), base).toString();
  }

  /** One request; network failure, timeout and HTTP error become AppErrors carrying the upstream's words. */
  private async send(method: string, path: string, body?: unknown, opts: { timeoutMs?: number; signal?: AbortSignal } = {}) {
    const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timer, opts.signal]) : timer;
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method,
        headers: { ...this.target.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal,
      });
    } catch (e) {
      if (opts.signal?.aborted) throw new AppError("cancelled:langgraph_run", "Cancelled from Loupe");
      if (timer.aborted)
        throw new AppError("timeout:langgraph", `${method} ${path} did not answer within ${Math.round(timeoutMs / 1000)} s`);
      throw new AppError(
        "upstream:langgraph_unreachable",
        `The LangGraph server at ${this.target.url} could not be reached: ${causeOf(e)}`,
      );
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => "")).slice(0, MAX_ERROR_TEXT);
      throw new AppError(
        "upstream:langgraph_http",
        `The LangGraph server answered ${method} ${path} with HTTP ${res.status}${text ? `: ${text}` : ""}`,
        { status: res.status, body: text },
      );
    }
    return res;
  }

  private async json<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
    opts: { timeoutMs?: number } = {},
  ): Promise<z.infer<S>> {
    const res = await this.send(method, path, body, opts);
    const text = await res.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw shapeError(method, path, `not JSON: ${text.slice(0, 200)}`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const what =
        issue && issue.path.length === 0 ? `${describe(value)}, not what was expected` : `${issue?.path.join(".")}: ${issue?.message}`;
      throw shapeError(method, path, what);
    }
    return parsed.data;
  }

  info() {
    return this.json(InfoWire, "GET", "/info");
  }

  searchAssistants() {
    return this.json(z.array(AssistantWire), "POST", "/assistants/search", { limit: 100 });
  }

  graph(assistantId: string, xray: boolean) {
    return this.json(GraphWire, "GET", `/assistants/${enc(assistantId)}/graph${xray ? "?xray=true" : ""}`);
  }

  /** Bounded tighter than other reads: the JS dev server compiles the graph's types to answer it, or never answers. */
  schemas(assistantId: string) {
    return this.json(SchemasWire, "GET", `/assistants/${enc(assistantId)}/schemas`, undefined, { timeoutMs: SCHEMAS_TIMEOUT_MS });
  }

  createThread(body: { metadata?: Record<string, unknown>; thread_id?: string }) {
    return this.json(ThreadWire, "POST", "/threads", body);
  }

  /** A thread Loupe cannot read (no id) is left out of the list, not the list refused for it. */
  async searchThreads(body: { status?: string; limit: number; offset?: number; metadata?: Record<string, unknown> }) {
    const listed = await this.json(z.array(z.unknown()), "POST", "/threads/search", body);
    return listed.flatMap((t) => {
      const read = ThreadWire.safeParse(t);
      return read.success ? [read.data] : [];
    });
  }

  getThread(threadId: string) {
    return this.json(ThreadWire, "GET", `/threads/${enc(threadId)}`);
  }

  async deleteThread(threadId: string) {
    await this.send("DELETE", `/threads/${enc(threadId)}`);
  }

  history(threadId: string, limit: number) {
    return this.json(z.array(CheckpointWire), "POST", `/threads/${enc(threadId)}/history`, { limit });
  }

  async updateState(threadId: string, body: { values: unknown; checkpoint_id?: string; as_node?: string }) {
    const w = await this.json(StateUpdateWire, "POST", `/threads/${enc(threadId)}/state`, body);
    return { checkpointId: w.checkpoint?.checkpoint_id ?? w.checkpoint_id ?? "" };
  }

  async cancelRun(threadId: string, runId: string) {
    await this.send("POST", `/threads/${enc(threadId)}/runs/${enc(runId)}/cancel`);
  }

  async streamRun(threadId: string, body: Record<string, unknown>, signal: AbortSignal): Promise<LgRunStream> {
    const path = `/threads/${enc(threadId)}/runs/stream`;
    const res = await this.send("POST", path, body, { timeoutMs: STREAM_HEADERS_TIMEOUT_MS, signal });
    const type = res.headers.get("content-type") ?? "";
    if (!/^\s*text\/event-stream\b/i.test(type)) {
      // Read as SSE, a JSON or HTML body would read as one cut event: say what it was instead.
      const text = (await res.text().catch(() => "")).slice(0, MAX_ERROR_TEXT);
      throw new AppError(
        "upstream:langgraph_not_sse",
        `The LangGraph server answered POST ${path} with ${type || "no content type"}, not an event stream${text ? `: ${text}` : ""}`,
        { status: res.status, contentType: type, body: text },
      );
    }
    const location = res.headers.get("content-location") ?? "";
    const runId = /\/runs\/([^/?#]+)/.exec(location)?.[1] ?? null;
    return { runId: runId ? decodeURIComponent(runId) : null, read: (onEvent, onChunk) => readEvents(res, onEvent, onChunk) };
  }
}

/**
 * Feeds the body to the parser chunk by chunk (`onChunk` may wrap each feed, e.g. in one SQLite
 * transaction). A socket that breaks, or a body that ends inside an event, is a cut: what arrived
 * is kept (the half event dispatched), and the run reads as ended before it finished.
 */
async function readEvents(res: Response, onEvent: (event: SseEvent) => void, onChunk?: (feed: () => void) => void): Promise<LgStreamEnd> {
  const parser = new SseParser(onEvent);
  const decoder = new TextDecoder();
  if (!res.body) return { cut: false };
  const reader = res.body.getReader();
  let broke: string | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (onChunk) onChunk(() => parser.feed(text));
      else parser.feed(text);
    }
  } catch (e) {
    broke = causeOf(e);
  }
  parser.feed(decoder.decode());
  const { cut } = parser.end();
  if (broke !== null) return { cut: true, reason: broke };
  return cut ? { cut: true, reason: "the body ended in the middle of an event" } : { cut: false };
}

function shapeError(method: string, path: string, what: string): AppError {
  return new AppError("upstream:langgraph_shape", `The LangGraph server answered ${method} ${path} with ${what}`);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The reason under undici's "fetch failed" / "terminated" (ECONNREFUSED, "other side closed"). */
function causeOf(e: unknown): string {
  const cause = e instanceof Error ? e.cause : undefined;
  return cause instanceof Error && cause.message ? `${errorMessage(e)} (${cause.message})` : errorMessage(e);
}
