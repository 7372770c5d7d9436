import { queryOptions } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type {
  AguiAgentInput,
  AguiAgentView,
  AguiAnswerBody,
  AguiHumanRequest,
  AguiRunBody,
  AguiRunRecord,
  AguiThreadDetail,
  AguiThreadSummary,
} from "@/lib/contracts/agui";
import type { Entry } from "@/lib/contracts/entries";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import { inboxKeys } from "@/lib/queries/inbox";
import type { EntryHandler, StreamPart } from "@/lib/queries/entry-handler";
import { putInboxRow } from "@/lib/queries/inbox-stream";
import { appendSessionEntries, sessionEntriesQuery } from "@/lib/queries/session-entries";
import { isRecord } from "@/lib/values";

/** Root of everything cached for one AG-UI agent: dropped together when it is removed. */
export const aguiScope = (agentId: string) => ["agui", agentId] as const;

export const aguiKeys = {
  list: () => ["agui", "agents"] as const,
  threads: (agentId: string) => [...aguiScope(agentId), "threads"] as const,
  thread: (agentId: string, threadId: string) => [...aguiScope(agentId), "thread", threadId] as const,
  entries: (agentId: string, threadId: string) => [...aguiScope(agentId), "thread", threadId, "entries"] as const,
};

const enc = encodeURIComponent;
export const aguiAgentPath = (id: string) => `/api/agui/agents/${enc(id)}`;
const threadPath = (id: string, threadId: string) => `${aguiAgentPath(id)}/threads/${enc(threadId)}`;

export function aguiAgentsQuery() {
  return queryOptions({
    queryKey: aguiKeys.list(),
    queryFn: ({ signal }) => apiFetch<AguiAgentView[]>("/api/agui/agents", { signal }),
  });
}

export function aguiThreadsQuery(agentId: string) {
  return queryOptions({
    queryKey: aguiKeys.threads(agentId),
    queryFn: ({ signal }) => apiFetch<AguiThreadSummary[]>(`${aguiAgentPath(agentId)}/threads`, { signal }),
  });
}

export function aguiThreadQuery(agentId: string, threadId: string) {
  return queryOptions({
    queryKey: aguiKeys.thread(agentId, threadId),
    queryFn: ({ signal }) => apiFetch<AguiThreadDetail>(threadPath(agentId, threadId), { signal }),
  });
}

/**
 * Every entry of one thread (inputs, events, runs, requests). The stream appends to this same
 * cache entry while it exists, so the fetch merges into what is there instead of replacing it.
 */
export function aguiEntriesQuery(agentId: string, threadId: string) {
  return sessionEntriesQuery(aguiKeys.entries(agentId, threadId), `${threadPath(agentId, threadId)}/entries`);
}

/** The mutations' fetchers (routes in lib/contracts/agui.ts). */
export const aguiApi = {
  create: (input: AguiAgentInput) => apiFetch<AguiAgentView>("/api/agui/agents", { method: "POST", body: input }),
  update: (id: string, input: Partial<AguiAgentInput>) => apiFetch<AguiAgentView>(aguiAgentPath(id), { method: "PATCH", body: input }),
  remove: (id: string) => apiFetch<void>(aguiAgentPath(id), { method: "DELETE" }),
  run: (id: string, body: AguiRunBody) =>
    apiFetch<{ runId: string; threadId: string }>(`${aguiAgentPath(id)}/runs`, { method: "POST", body }),
  abort: (id: string, runId: string) => apiFetch<unknown>(`${aguiAgentPath(id)}/runs/${enc(runId)}/abort`, { method: "POST" }),
  answer: (requestId: string, body: AguiAnswerBody) =>
    apiFetch<AguiHumanRequest>(`/api/agui/requests/${enc(requestId)}`, { method: "POST", body }),
};

export function upsertAguiAgent(list: AguiAgentView[] | undefined, view: AguiAgentView): AguiAgentView[] | undefined {
  if (!list) return list;
  const at = list.findIndex((a) => a.id === view.id);
  if (at < 0) return [...list, view];
  return list.map((a, i) => (i === at ? view : a));
}

/**
 * The AG-UI half of the stream reducer: entries of protocol "agui" (connectionId = the agent,
 * sessionKey = the thread) are appended to the thread's entry cache while it exists (runs and
 * requests are handled in aguiStream's handlers).
 */
export function applyAguiEntries(qc: QueryClient, entries: readonly Entry[]): void {
  appendSessionEntries(qc, entries, aguiKeys.entries);
}

/** A run's start or end refreshes the thread list and the thread's detail (state, messages); its end also the agent list (reachability). */
const applyRunRecord: EntryHandler<"agui_run"> = (qc, run) => {
  if (!run) return;
  void qc.invalidateQueries({ queryKey: aguiKeys.threads(run.agentId) });
  if (run.status === "running") return;
  void qc.invalidateQueries({ queryKey: aguiKeys.thread(run.agentId, run.threadId), exact: true });
  // The server marks the agent reachable (or not) by how the run went.
  void qc.invalidateQueries({ queryKey: aguiKeys.list(), exact: true });
};

/** `agui_request` (raw = the whole AguiHumanRequest, recorded on every change) → its inbox row, and the list re-read. */
export const applyAguiRequestEntry: EntryHandler<"agui_request"> = (qc, raw, e) => {
  putInboxRow(qc, raw ? { ...raw, source: "agui" } : null, e);
  if (raw) void qc.invalidateQueries({ queryKey: inboxKeys.list() });
};

/** AG-UI's part of the stream reducer: entries feed the thread's run timeline (applyAguiEntries). */
export const aguiStream: StreamPart<"agui"> = {
  handlers: { agui_input: null, agui_event: null, agui_malformed: null, agui_run: applyRunRecord, agui_request: applyAguiRequestEntry },
  applyEntries: applyAguiEntries,
};

/** One event of a run as the timeline shows it: the AG-UI event plus where it sits in the record. */
export interface RunEvent {
  seq: number;
  receivedAt: number;
  /** The event as received (any type, unknown ones too). */
  event: Record<string, unknown>;
  type: string;
  /** The entry's raw was cut for transport (GET /api/entries/:seq has it whole). */
  truncated: boolean;
}

export interface MalformedFrame {
  seq: number;
  receivedAt: number;
  text: string;
  error: string;
}

/** Everything the thread's entries say about one run. */
export interface RunRecordView {
  runId: string;
  input: unknown;
  record: AguiRunRecord | null;
  events: RunEvent[];
  malformed: MalformedFrame[];
  requests: AguiHumanRequest[];
  firstSeq: number;
}

function runOf(map: Map<string, RunRecordView>, runId: string, seq: number): RunRecordView {
  let run = map.get(runId);
  if (!run) {
    run = { runId, input: undefined, record: null, events: [], malformed: [], requests: [], firstSeq: seq };
    map.set(runId, run);
  }
  return run;
}

/**
 * Groups a thread's entries by run, in the order the runs started. An entry of an unexpected
 * shape is kept as a malformed frame of its run (or of "unknown"), never dropped.
 */
export function runsOfEntries(entries: readonly Entry[]): RunRecordView[] {
  const runs = new Map<string, RunRecordView>();
  const requests = new Map<string, AguiHumanRequest>();
  for (const e of entries) {
    const read = parseEntry(e);
    if (!read.ok) {
      // An agui entry that does not fit its kind's schema is shown raw under its run, never dropped.
      if (e.protocol === "agui") {
        const runId = isRecord(e.raw) && typeof e.raw.runId === "string" ? e.raw.runId : "unknown";
        runOf(runs, runId, e.seq).malformed.push({
          seq: e.seq,
          receivedAt: e.receivedAt,
          text: JSON.stringify(e.raw) ?? String(e.raw),
          error: read.error,
        });
      }
      continue;
    }
    switch (read.kind) {
      case "agui_input":
        runOf(runs, read.raw.runId, e.seq).input = read.raw.input;
        break;
      case "agui_event": {
        const runId = read.raw.runId;
        const event = isRecord(read.raw.event) ? read.raw.event : null;
        if (!event) {
          runOf(runs, runId, e.seq).malformed.push({
            seq: e.seq,
            receivedAt: e.receivedAt,
            text: JSON.stringify(e.raw),
            error: "An agui_event entry without an event object",
          });
          break;
        }
        const type = typeof event.type === "string" ? event.type : "(no type)";
        runOf(runs, runId, e.seq).events.push({ seq: e.seq, receivedAt: e.receivedAt, event, type, truncated: Boolean(e.truncated) });
        break;
      }
      case "agui_malformed":
        runOf(runs, read.raw.runId, e.seq).malformed.push({
          seq: e.seq,
          receivedAt: e.receivedAt,
          text: read.raw.text ?? JSON.stringify(e.raw),
          error: read.raw.error,
        });
        break;
      case "agui_run":
        runOf(runs, read.raw.runId, e.seq).record = read.raw;
        break;
      case "agui_request":
        // Recorded whole on every change: the last copy is the request's current state.
        requests.set(read.raw.id, read.raw);
        break;
    }
  }
  for (const request of requests.values()) runOf(runs, request.runId, Number.MAX_SAFE_INTEGER).requests.push(request);
  return [...runs.values()].sort((a, b) => a.firstSeq - b.firstSeq);
}

/**
 * The state a run started from: its input's (the RunAgentInput Loupe POSTed), or, for a run the agent
 * started after another in the same response (`responseOf`, no input of its own), the state the run
 * before it in that response left (the spec: state persists across the runs of one stream).
 */
export function runStartState(run: RunRecordView, runs: readonly RunRecordView[]): unknown {
  if (isRecord(run.input)) return run.input.state;
  const response = run.record?.responseOf;
  if (!response) return undefined;
  const at = runs.indexOf(run);
  const before = runs.slice(0, at < 0 ? runs.length : at).findLast((r) => r.runId === response || r.record?.responseOf === response);
  if (!before) return undefined;
  return normalizeAguiRun(
    before.events.map((e) => e.event),
    { initialState: runStartState(before, runs) },
  ).state;
}
