import { str, type Ev } from "@/lib/protocols/agui/events";

/**
 * The runs of one AG-UI stream (spec 1.1, "Runs and Steps"): RUN_STARTED opens a run, RUN_FINISHED
 * or RUN_ERROR closes it, and a closed run may be followed by a new one on the same stream ("a
 * single stream MAY carry several runs in sequence"). While a run is open, a RUN_STARTED of another
 * runId naming a parentRunId is a run nested in it, which its own RUN_FINISHED / RUN_ERROR ends; any
 * other RUN_STARTED is a violation ("a RUN_STARTED while a run is still active"): @ag-ui/client's
 * verifyEvents refuses the stream there, and so nothing after it belongs to any run. Shared by the
 * timeline (one run's events) and the runner (which run of a response each event is recorded under).
 */
export type AguiLifecycleStep =
  /** The stream's first RUN_STARTED. */
  | "start"
  /** A RUN_STARTED after the run closed: the next run of the stream. */
  | "next"
  | "nested_start"
  | "nested_end"
  /** A RUN_STARTED while the run is open, naming no parent: the stream is refused here. */
  | "overlap"
  /** RUN_FINISHED / RUN_ERROR of the run (a RUN_ERROR first too: a run that failed before it began). */
  | "end"
  /** Anything else, and everything after an overlap. */
  | "event";

export class AguiLifecycle {
  private phase: "none" | "open" | "closed" | "refused" = "none";
  private runId: string | undefined;
  private readonly nested = new Set<string>();

  /** The runId of the run open (or last closed), as its RUN_STARTED gave it. */
  get current(): string | undefined {
    return this.runId;
  }

  step(e: Ev): AguiLifecycleStep {
    if (this.phase === "refused") return "event";
    const type = e.type;
    if (type === "RUN_STARTED") {
      const id = str(e.runId);
      if (this.phase === "open") {
        if (id && this.runId && id !== this.runId && str(e.parentRunId)) {
          this.nested.add(id);
          return "nested_start";
        }
        this.phase = "refused";
        return "overlap";
      }
      const first = this.phase === "none";
      this.phase = "open";
      this.runId = id;
      this.nested.clear();
      return first ? "start" : "next";
    }
    if ((type === "RUN_FINISHED" || type === "RUN_ERROR") && this.phase !== "closed") {
      const id = str(e.runId);
      if (id && this.nested.delete(id)) return "nested_end";
      this.phase = "closed";
      return "end";
    }
    return "event";
  }
}
