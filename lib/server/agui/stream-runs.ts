import "server-only";
import { randomUUID } from "node:crypto";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { AguiLifecycle } from "@/lib/protocols/agui";

/**
 * What a run of a response is to the request Loupe sent: Loupe's run (the requested one), a run the
 * agent started after it (`next`), a stored run it replayed before it (`history`), or not known yet.
 */
export type StreamRunRole = "loupe" | "next" | "history" | "undecided";

/** One run of a response: Loupe's record of it and its events as received (those that parsed and validated). */
export interface StreamRun {
  /** Replaced by Loupe's own record when an undecided run turns out to be Loupe's. */
  record: AguiRunRecord;
  readonly events: unknown[];
  role: StreamRunRole;
  /** What is to be recorded of an undecided run, in order, once it is decided (under its record's runId then). */
  readonly pending: (() => void)[];
  /** A RUN_FINISHED of this run that arrived but failed @ag-ui/core's schema: why, and the frame as received. */
  refusedFinish?: { problem: string; text: string };
  /** When the next run's RUN_STARTED closed it (its end is said once it is decided). */
  closedAt?: number;
}

/** Where an event goes: its run, the run a RUN_STARTED closed, the runs it showed were replayed history. */
export interface Placement {
  run: StreamRun;
  /** Set when the event is a RUN_STARTED opening `run` (Loupe's, already on record, or a new one). */
  opened?: boolean;
  closed?: StreamRun;
  history?: StreamRun[];
}

/**
 * The runs of one response, in order (the AG-UI docs' "Runs and Steps" page: the stream carries "one
 * or more runs — the requested run, possibly preceded by replayed history"; lifecycle.ts). Loupe's
 * run is the one whose RUN_STARTED names the runId Loupe sent; the runs before it are replayed
 * history (`replayedIn`), the runs after it runs of the agent's own (`responseOf`). A run whose
 * RUN_STARTED names another id before Loupe's was seen is undecided: its entries wait (`pending`)
 * until a RUN_STARTED names Loupe's runId (it was history) or the response ends with none naming it
 * (`settle`: the first run is Loupe's then, recorded under Loupe's runId whatever id the agent gave it).
 * So an agent that names its runs with ids of its own shows its run when the response ends.
 * Events before any RUN_STARTED are Loupe's run's. A next or replayed run is recorded under the
 * agent's runId, or a new one when that id already names a run. A RUN_STARTED over the open run is no
 * next run: the stream is refused there and the rest stays with the open run, as after its end.
 */
export class StreamRuns {
  private readonly loupe: StreamRun;
  private readonly runs: StreamRun[];
  private open: StreamRun;
  /** Whether Loupe's run was found: named by a RUN_STARTED, given the events before any, or settled. */
  private claimed = false;
  private readonly life = new AguiLifecycle();
  /** Run ids this response used so far: its records' and the agent's RUN_STARTEDs'. */
  private readonly seen = new Set<string>();

  constructor(
    loupe: AguiRunRecord,
    /** Whether a run id already names a run of Loupe's (the run is then recorded under a new one). */
    private readonly known: (runId: string) => boolean,
  ) {
    this.loupe = { record: loupe, events: [], role: "loupe", pending: [] };
    this.open = this.loupe;
    this.runs = [this.loupe];
    this.seen.add(loupe.runId);
  }

  /** The run events go to now: the last one opened (Loupe's until a RUN_STARTED names another). */
  get current(): StreamRun {
    return this.open;
  }

  /** Every run of the response in the order the stream carried them. */
  get all(): readonly StreamRun[] {
    return this.runs;
  }

  /** The run `event` belongs to; a RUN_STARTED may open one, close the one before it and decide replayed history. */
  place(event: Record<string, unknown>): Placement {
    const step = this.life.step(event);
    const agentRunId = event.type === "RUN_STARTED" && typeof event.runId === "string" ? event.runId : "";
    const fresh = agentRunId !== "" && !this.seen.has(agentRunId) && !this.known(agentRunId);
    if (agentRunId !== "") this.seen.add(agentRunId);
    if (step !== "start" && step !== "next") {
      if (this.open === this.loupe) this.claimed = true;
      return { run: this.open };
    }
    // The first RUN_STARTED after events of Loupe's run (a stream that did not open with it) goes on with it.
    if (step === "start" && this.claimed) return { run: this.open };
    const closed = step === "next" ? this.open : undefined;
    if (!this.claimed && agentRunId === this.loupe.record.runId) {
      this.claimed = true;
      const history = this.runs.filter((r) => r.role === "undecided");
      for (const r of history) {
        r.role = "history";
        const { responseOf, ...rest } = r.record;
        r.record = { ...rest, replayedIn: responseOf ?? this.loupe.record.runId };
      }
      if (!this.runs.includes(this.loupe)) this.runs.push(this.loupe);
      this.open = this.loupe;
      return { run: this.loupe, opened: true, closed, history };
    }
    const run: StreamRun = {
      record: {
        runId: fresh ? agentRunId : this.newId(),
        threadId: this.loupe.record.threadId,
        agentId: this.loupe.record.agentId,
        status: "running",
        startedAt: Date.now(),
        endedAt: null,
        eventCount: 0,
        responseOf: this.loupe.record.runId,
      },
      events: [],
      role: this.claimed ? "next" : "undecided",
      pending: [],
    };
    // Until a RUN_STARTED names it, Loupe's run waits: the runs the stream carries may be history.
    if (!this.claimed && this.runs[0] === this.loupe) this.runs.shift();
    this.runs.push(run);
    this.open = run;
    return { run, opened: true, closed };
  }

  /**
   * The response ended: when no RUN_STARTED named Loupe's runId, its first run is Loupe's (under
   * Loupe's record) and the runs after it are next runs. Returns Loupe's run.
   */
  settle(): StreamRun {
    const [first, ...after] = this.runs.filter((r) => r.role === "undecided");
    if (this.claimed || !first) return this.loupe;
    this.claimed = true;
    first.role = "loupe";
    first.record = Object.assign(this.loupe.record, { eventCount: first.record.eventCount });
    first.refusedFinish ??= this.loupe.refusedFinish;
    for (const r of after) r.role = "next";
    return first;
  }

  private newId(): string {
    const id = randomUUID();
    this.seen.add(id);
    return id;
  }
}
