/**
 * A LangGraph thread's entries (lib/contracts/entry-kinds/langgraph.ts) → runs → supersteps, and the
 * rows the timeline draws. Pure: an entry of an unknown kind, a raw that does not fit or an event
 * Loupe does not know becomes a note shown raw, never an exception (DESIGN.md "The timeline model").
 */
import type { Entry } from "@/lib/contracts/entries";
import { parseEntry } from "@/lib/contracts/entry-kinds";
import type { LgHumanRequest, LgRunRecord, LgRunStatus } from "@/lib/contracts/langgraph";
import { jsonDiff, type JsonDiffResult } from "@/lib/diff/json-diff";
import { isRecord } from "@/lib/values";
import type { LgMessage, LgToolCall } from "./messages";
import { StepBuilder, type LgRunEvent } from "./run-steps";
import type { LgNote, LgRow, LgRunView, LgStep } from "./types";

export interface LgTimeline {
  runs: LgRunView[];
  /** Tool results of the thread by call id, and the calls by id: a call and its result are shown together. */
  toolResults: Map<string, LgMessage>;
  toolCalls: Map<string, LgToolCall>;
}

interface RunAcc {
  id: string;
  aliases: Set<string>;
  record: LgRunRecord | null;
  events: LgRunEvent[];
  notes: LgNote[];
  firstSeq: number;
  firstAt: number;
  lastAt: number;
  inputAt: number | null;
  firstEventAt: number | null;
  input: Record<string, unknown> | null;
}

/** The id a run goes by: the id its first entry carried (Loupe's), whatever the server later calls it. */
function aliasesOf(entries: readonly Entry[]): Map<string, string> {
  const alias = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind !== "lg_event" || !isRecord(entry.raw) || entry.raw.event !== "metadata") continue;
    const { runId, data } = entry.raw;
    if (typeof runId === "string" && isRecord(data) && typeof data.run_id === "string" && data.run_id !== runId)
      alias.set(data.run_id, runId);
  }
  return alias;
}

const NO_RUN = "(no run)";

export function buildLgTimeline(entries: readonly Entry[]): LgTimeline {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const alias = aliasesOf(sorted);
  const runs = new Map<string, RunAcc>();
  const requests = new Map<string, LgHumanRequest>();
  const run = (rawId: string, entry: Entry): RunAcc => {
    const id = alias.get(rawId) ?? rawId;
    let acc = runs.get(id);
    if (!acc) {
      const at = entry.receivedAt;
      acc = {
        id,
        aliases: new Set(),
        record: null,
        events: [],
        notes: [],
        firstSeq: entry.seq,
        firstAt: at,
        lastAt: at,
        inputAt: null,
        firstEventAt: null,
        input: null,
      };
      runs.set(id, acc);
    }
    if (rawId !== id) acc.aliases.add(rawId);
    acc.lastAt = Math.max(acc.lastAt, entry.receivedAt);
    return acc;
  };

  for (const entry of sorted) {
    if (entry.truncated) {
      // Its preview lacks the field that was too large (an event's data): say so, and let the row load it whole.
      const raw = isRecord(entry.raw) ? entry.raw : {};
      const rawRun = typeof raw.runId === "string" ? raw.runId : NO_RUN;
      const event = typeof raw.event === "string" ? raw.event : null;
      run(rawRun, entry).notes.push({ kind: "large", seq: entry.seq, entryKind: entry.kind, event, bytes: entry.rawBytes });
      continue;
    }
    const parsed = parseEntry(entry);
    if (!parsed.ok) {
      const rawRun = isRecord(entry.raw) && typeof entry.raw.runId === "string" ? entry.raw.runId : NO_RUN;
      run(rawRun, entry).notes.push({ kind: "unreadable", seq: entry.seq, entryKind: entry.kind, error: parsed.error, raw: entry.raw });
      continue;
    }
    switch (parsed.kind) {
      case "lg_event": {
        const acc = run(parsed.raw.runId, entry);
        acc.firstEventAt ??= entry.receivedAt;
        acc.events.push({ seq: entry.seq, receivedAt: entry.receivedAt, event: parsed.raw.event, data: parsed.raw.data });
        break;
      }
      case "lg_input": {
        const acc = run(parsed.raw.runId, entry);
        acc.inputAt ??= entry.receivedAt;
        acc.input = isRecord(parsed.raw.request.body) ? parsed.raw.request.body : null;
        acc.notes.push({ kind: "input", seq: entry.seq, body: parsed.raw.request.body, path: parsed.raw.request.path });
        break;
      }
      case "lg_malformed": {
        const { runId, event, text, error } = parsed.raw;
        run(runId, entry).notes.push({ kind: "malformed", seq: entry.seq, event: event ?? null, text, error });
        break;
      }
      case "lg_run": {
        // Recorded at start and end: the end's fields win, what only the start said is kept.
        const acc = run(parsed.raw.runId, entry);
        acc.record = acc.record ? { ...acc.record, ...parsed.raw } : parsed.raw;
        break;
      }
      case "lg_request":
        requests.set(parsed.raw.id, parsed.raw);
        break;
      default:
        run(NO_RUN, entry).notes.push({
          kind: "unreadable",
          seq: entry.seq,
          entryKind: entry.kind,
          error: "Not a LangGraph entry",
          raw: entry.raw,
        });
    }
  }

  for (const [serverId, id] of alias) runs.get(id)?.aliases.add(serverId);
  const seen = new Set<string>();
  const byInterrupt = new Map<string, LgHumanRequest>();
  for (const r of requests.values()) byInterrupt.set(r.interruptId, r);
  const views = [...runs.values()].sort((a, b) => a.firstSeq - b.firstSeq).map((acc) => finishRun(acc, seen, requests, byInterrupt));
  const toolResults = new Map<string, LgMessage>();
  const toolCalls = new Map<string, LgToolCall>();
  for (const view of views) {
    for (const step of view.steps) {
      for (const m of step.tasks.flatMap((t) => t.messages)) {
        if (m.role === "tool" && m.toolCallId) toolResults.set(m.toolCallId, m);
        for (const c of m.toolCalls) toolCalls.set(c.id, c);
      }
    }
  }
  return { runs: views, toolResults, toolCalls };
}

function derivedStatus(acc: RunAcc, steps: LgStep[], notes: LgNote[]): LgRunStatus | "unknown" {
  if (acc.record) return acc.record.status;
  if (notes.some((n) => n.kind === "error")) return "error";
  if (steps.some((s) => s.interrupts.length > 0) || notes.some((n) => n.kind === "interrupt")) return "interrupted";
  return "unknown";
}

function finishRun(
  acc: RunAcc,
  seen: Set<string>,
  requests: Map<string, LgHumanRequest>,
  byInterrupt: Map<string, LgHumanRequest>,
): LgRunView {
  const debug = acc.events.some((e) => e.event === "debug" || e.event.startsWith("debug|"));
  const builder = new StepBuilder(acc.id, debug, seen);
  for (const e of acc.events) builder.add(e);
  builder.finish();
  for (const view of builder.interruptViews()) view.request = byInterrupt.get(view.id) ?? null;
  const notes = [...acc.notes, ...builder.notes].sort((a, b) => a.seq - b.seq);
  const record = acc.record;
  const startedAt = record?.startedAt ?? acc.firstAt;
  const endedAt = record ? record.endedAt : null;
  const inputAssistant = acc.input && typeof acc.input.assistant_id === "string" ? acc.input.assistant_id : null;
  const inputCheckpoint = acc.input && typeof acc.input.checkpoint_id === "string" ? acc.input.checkpoint_id : null;
  return {
    runId: acc.id,
    aliases: [...acc.aliases],
    record,
    status: derivedStatus(acc, builder.steps, notes),
    assistantId: record?.assistantId ?? inputAssistant,
    startedAt,
    endedAt,
    durationMs: endedAt !== null ? endedAt - startedAt : record ? null : acc.lastAt - acc.firstAt,
    firstEventMs: record?.firstEventMs ?? (acc.inputAt !== null && acc.firstEventAt !== null ? acc.firstEventAt - acc.inputAt : null),
    eventCount: record?.eventCount ?? acc.events.length + notes.filter((n) => n.kind === "malformed").length,
    answers: (record?.answers ?? []).map((id) => ({ id, request: requests.get(id) ?? null })),
    checkpointId: record?.checkpointId ?? inputCheckpoint,
    steps: builder.steps,
    notes,
    debug,
    firstSeq: acc.firstSeq,
  };
}

/** Rows in order: each run's header, then its steps and notes as they arrived. */
export function lgTimelineRows(timeline: LgTimeline): LgRow[] {
  const rows: LgRow[] = [];
  for (const run of timeline.runs) {
    rows.push({ key: `run:${run.runId}`, kind: "run", run });
    let n = 0;
    for (const step of run.steps) {
      while (n < run.notes.length && (run.notes[n]?.seq ?? Infinity) < step.firstSeq) pushNote(rows, run, n++);
      rows.push({ key: `step:${step.key}`, kind: "step", run, step });
    }
    while (n < run.notes.length) pushNote(rows, run, n++);
  }
  return rows;
}

function pushNote(rows: LgRow[], run: LgRunView, index: number) {
  const note = run.notes[index];
  if (note) rows.push({ key: `note:${run.runId}:${note.seq}:${index}`, kind: "note", run, note });
}

/** Messages are aligned by id, so a message added to a long list reads as one addition, not a shift. */
const messageKey = (item: unknown) => (isRecord(item) && typeof item.id === "string" ? item.id : undefined);

/** What a step changed in its namespace's state (null when the state before or after is unknown). Computed on demand. */
export function stepDiff(step: LgStep): JsonDiffResult | null {
  if (step.state === undefined || step.before === undefined) return null;
  return jsonDiff(step.before, step.state, { arrayKey: messageKey });
}
