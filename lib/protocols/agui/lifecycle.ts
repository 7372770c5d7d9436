import { str, type Ev } from "@/lib/protocols/agui/events";

/**
 * The runs of one AG-UI stream, as the AG-UI docs' "Runs and Steps" page (spec 1.0) draws them: a
 * response carries "one or more runs — the requested run, possibly preceded by replayed history";
 * RUN_STARTED opens a run, RUN_FINISHED closes it, RUN_ERROR fails it (also a closed one: "a late
 * failure"), and after a closed or failed run a RUN_STARTED opens a new one. @ag-ui/client's
 * verifyEvents (src/verify/verify.ts) checks the same: it accepts RUN_ERROR after RUN_FINISHED and
 * a RUN_STARTED after either, and refuses the stream at a RUN_STARTED while a run is still active
 * ("Cannot send 'RUN_STARTED' while a run is still active"), so nothing after it belongs to any run.
 * One leniency of Loupe's: a RUN_STARTED of another runId naming a parentRunId while a run is open
 * is read as a run nested in it (the page: parentRunId "names the run that spawned this one"), which
 * its own RUN_FINISHED / RUN_ERROR ends; the client refuses that too, and its words are kept as the
 * run's clientError. Shared by the timeline (one run's events) and the runner (which run of a
 * response each event is recorded under).
 */
export type AguiLifecycleStep =
  /** The stream's first RUN_STARTED. */
  | "start"
  /** A RUN_STARTED after the run closed or failed: the next run of the stream. */
  | "next"
  | "nested_start"
  | "nested_end"
  /** A RUN_STARTED while the run is open, naming no parent: the stream is refused here. */
  | "overlap"
  /** RUN_FINISHED / RUN_ERROR of the open run (a RUN_ERROR first too: a run that failed before it began). */
  | "end"
  /** A RUN_ERROR after the run's RUN_FINISHED: the closed run fails after all. */
  | "late_error"
  /** Anything else, and everything after an overlap. */
  | "event";

export class AguiLifecycle {
  private phase: "none" | "open" | "closed" | "failed" | "refused" = "none";
  private runId: string | undefined;
  private readonly nested = new Set<string>();

  /** The runId of the run open (or last ended), as its RUN_STARTED gave it. */
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
    if (type === "RUN_FINISHED" && (this.phase === "open" || this.phase === "none")) return this.end(e, "closed");
    if (type === "RUN_ERROR") {
      if (this.phase === "open" || this.phase === "none") return this.end(e, "failed");
      if (this.phase === "closed") {
        this.phase = "failed";
        return "late_error";
      }
    }
    return "event";
  }

  private end(e: Ev, phase: "closed" | "failed"): AguiLifecycleStep {
    const id = str(e.runId);
    if (id && this.nested.delete(id)) return "nested_end";
    this.phase = phase;
    return "end";
  }
}
