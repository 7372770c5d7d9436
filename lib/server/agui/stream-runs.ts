import "server-only";
import { randomUUID } from "node:crypto";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import { AguiLifecycle } from "@/lib/protocols/agui";

/** One run of a response: Loupe's record of it and its events as received (those that parsed and validated). */
export interface StreamRun {
  readonly record: AguiRunRecord;
  readonly events: unknown[];
  /** A RUN_FINISHED of this run that arrived but failed @ag-ui/core's schema: why, and the frame as received. */
  refusedFinish?: { problem: string; text: string };
}

/**
 * The runs of one response, in order (AG-UI 1.1, "Several runs on one stream": a stream MAY carry
 * several runs in sequence, each closed before the next opens). The first is the run Loupe started,
 * recorded under its runId whatever id the agent's RUN_STARTED gives it. A RUN_STARTED after the
 * current run closed opens the next, a run of its own: recorded under the agent's runId (a new one
 * when that id already names a run), naming the run whose request it came in (`responseOf`). A
 * RUN_STARTED over the open run is no next run: the stream is refused there (lib/protocols/agui/lifecycle.ts)
 * and the rest stays with the open run, as after its end.
 */
export class StreamRuns {
  private readonly runs: StreamRun[];
  private open: StreamRun;
  private readonly life = new AguiLifecycle();
  /** Run ids this response used so far: its records' and the agent's RUN_STARTEDs'. */
  private readonly seen = new Set<string>();

  constructor(
    private readonly first: AguiRunRecord,
    /** Whether a run id already names a run of Loupe's (the next run is then recorded under a new one). */
    private readonly known: (runId: string) => boolean,
  ) {
    this.open = { record: first, events: [] };
    this.runs = [this.open];
    this.seen.add(first.runId);
  }

  /** The run events go to now: the last one opened. */
  get current(): StreamRun {
    return this.open;
  }

  get all(): readonly StreamRun[] {
    return this.runs;
  }

  /**
   * The run `event` belongs to. A RUN_STARTED after the current run closed opens the next one: it is
   * returned with `closed`, the run before it (ended by then).
   */
  place(event: Record<string, unknown>): { run: StreamRun; closed?: StreamRun } {
    const step = this.life.step(event);
    const agentRunId = event.type === "RUN_STARTED" && typeof event.runId === "string" ? event.runId : "";
    const fresh = agentRunId !== "" && !this.seen.has(agentRunId) && !this.known(agentRunId);
    if (agentRunId !== "") this.seen.add(agentRunId);
    if (step !== "next") return { run: this.open };
    const closed = this.open;
    const runId = fresh ? agentRunId : randomUUID();
    this.seen.add(runId);
    this.open = {
      record: {
        runId,
        threadId: this.first.threadId,
        agentId: this.first.agentId,
        status: "running",
        startedAt: Date.now(),
        endedAt: null,
        eventCount: 0,
        responseOf: this.first.runId,
      },
      events: [],
    };
    this.runs.push(this.open);
    return { run: this.open, closed };
  }
}
