import "server-only";
import type { RunAgentInput } from "@ag-ui/core";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import type { EntryPayload } from "@/lib/contracts/entry-kinds";
import type { AppErrorBody } from "@/lib/errors";
import { normalizeAguiRun } from "@/lib/protocols/agui";
import type { AguiRunTimeline } from "@/lib/protocols/agui";
import { endRunRecord } from "@/lib/server/agui/run-end";
import { StreamRuns, type StreamRun } from "@/lib/server/agui/stream-runs";

export type AguiEntryKind = "agui_input" | "agui_event" | "agui_malformed" | "agui_run";

/** Records one entry of the run's thread (receivedAt: when it came, for what is recorded later). */
export type AguiRecorder = <K extends AguiEntryKind>(
  kind: K,
  direction: "in" | "out" | "local",
  raw: EntryPayload<K>,
  sourceTime?: number | null,
  receivedAt?: number,
) => unknown;

export interface EndedRun {
  record: AguiRunRecord;
  /** The events that parsed and validated, in order (what the timeline was built from). */
  events: unknown[];
  timeline: AguiRunTimeline;
}

/** The run Loupe started, the runs the agent started after it in the same response, and those it replayed before it, in order. */
export interface RunResult extends EndedRun {
  next: EndedRun[];
  history: EndedRun[];
}

/** What the runner tells its owner as the response goes on. */
export interface RunHooks {
  /** A run of the response started (Loupe's at once, each next one at its RUN_STARTED) or ended before the response did. */
  changed(record: AguiRunRecord): void;
  /** Whether a run id already names a run (a next or replayed run is then recorded under a new one). */
  known(runId: string): boolean;
}

/** How the response ended, said of its last run: the transport's word, an abort, the client's refusal. */
export interface ResponseEnd {
  error?: AppErrorBody;
  aborted: boolean;
  clientError?: string;
}

/**
 * The runs of one response as Loupe records them (which run is which: stream-runs.ts): each event,
 * malformed frame and run record under its run, at once, or once an undecided run is decided; each
 * run ended from its timeline when the next one opens or the response ends. Loupe's run starts from
 * the input's state, a next one from the state the run before it left, replayed history from nothing.
 */
export class ResponseRuns {
  private readonly runs: StreamRuns;
  private readonly ended = new Map<StreamRun, EndedRun>();
  private state: unknown;
  private endFacts: ResponseEnd | null = null;

  constructor(
    private readonly input: RunAgentInput,
    private readonly loupe: AguiRunRecord,
    private readonly rec: AguiRecorder,
    private readonly hooks: RunHooks,
  ) {
    this.runs = new StreamRuns(loupe, hooks.known);
    this.state = input.state;
  }

  /** A RUN_FINISHED of the current run arrived but failed the schema. */
  refusedFinish(problem: string, text: string): void {
    this.runs.current.refusedFinish = { problem, text };
  }

  /** A frame that did not parse or validate, under the current run. */
  malformed(text: string, error: string): void {
    this.put(this.runs.current, (runId, at) => this.rec("agui_malformed", "in", { runId, text, error }, null, at));
  }

  /** An event that parsed and validated, under its run. */
  event(event: Record<string, unknown>): void {
    const { run, opened, closed, history } = this.runs.place(event);
    // The run before it ended (its RUN_FINISHED / RUN_ERROR came): said now, or once it is decided.
    if (closed && closed.role === "undecided") closed.closedAt = Date.now();
    else if (closed) this.end(closed);
    // A RUN_STARTED naming Loupe's runId: the runs before it were replayed history.
    for (const h of history ?? []) this.end(h);
    if (opened && run.role === "next") {
      this.hooks.changed(run.record);
      this.rec("agui_run", "local", run.record);
    }
    const ts = event.timestamp;
    run.events.push(event);
    run.record.eventCount++;
    this.put(run, (runId, at) => this.rec("agui_event", "in", { runId, event }, typeof ts === "number" ? ts : null, at));
  }

  /**
   * The response ended: when no RUN_STARTED named Loupe's runId, its first run is Loupe's; every run
   * not ended yet ends, the last with how the response ended (the ones before it had ended).
   */
  finish(facts: ResponseEnd): RunResult {
    this.endFacts = facts;
    const mine = this.runs.settle();
    for (const run of this.runs.all) if (!this.ended.has(run)) this.end(run);
    const of = (role: StreamRun["role"]) => this.runs.all.filter((r) => r.role === role).flatMap((r) => this.ended.get(r) ?? []);
    return { ...(this.ended.get(mine) ?? this.end(mine)), next: of("next"), history: of("history") };
  }

  /** The run going on now: the one opened last, or Loupe's while the agent has not said which is its own. */
  openRun(): AguiRunRecord | undefined {
    if (this.endFacts) return undefined;
    const current = this.runs.current;
    if (current.role !== "undecided" && current.record.status === "running") return current.record;
    return this.loupe.status === "running" ? this.loupe : undefined;
  }

  /** Records what came for a run: now, or once the run is decided (under the runId it has then). */
  private put(run: StreamRun, write: (runId: string, at: number) => void): void {
    const at = Date.now();
    if (run.role === "undecided") run.pending.push(() => write(run.record.runId, at));
    else write(run.record.runId, at);
  }

  /** Ends a decided run: its record from its timeline, what waited of it recorded, then its end. */
  private end(run: StreamRun): EndedRun {
    const initialState = run.role === "history" ? undefined : run.role === "loupe" ? this.input.state : this.state;
    const timeline = normalizeAguiRun(run.events, { initialState });
    if (run.role !== "history") this.state = timeline.state;
    const { error, aborted = false, clientError }: Partial<ResponseEnd> = this.endFacts && run === this.runs.current ? this.endFacts : {};
    endRunRecord(run.record, timeline, { aborted, error, refusedFinish: run.refusedFinish, endedAt: run.closedAt });
    if (clientError && run.record.error?.code !== "upstream:agui_http") run.record.clientError = clientError;
    for (const write of run.pending.splice(0)) write();
    const ended: EndedRun = { record: run.record, events: run.events, timeline };
    this.ended.set(run, ended);
    this.rec("agui_run", "local", run.record);
    // What ends with the response is the owner's to save (with the thread, unless the agent is gone).
    if (!this.endFacts) this.hooks.changed(run.record);
    return ended;
  }
}
