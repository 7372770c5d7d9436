import "server-only";
import type { AguiRunRecord } from "@/lib/contracts/agui";
import type { AppErrorBody } from "@/lib/errors";
import type { AguiRunTimeline } from "@/lib/protocols/agui";

/** What the runner knows of how one run of a response ended, besides its events. */
export interface RunEndFacts {
  aborted: boolean;
  /** What the transport said (HTTP error, a cut, unreachable…): only ever the response's last run's. */
  error?: AppErrorBody;
  /** A RUN_FINISHED of this run that arrived but failed @ag-ui/core's schema (issue 23): why, and the frame as received. */
  refusedFinish?: { problem: string; text: string };
  /** When it ended, if before now (a run whose end is said only once it is known which run it was). */
  endedAt?: number;
}

/** Sets the run's status, error and outcome from its timeline and how it ended, and its end time. */
export function endRunRecord(record: AguiRunRecord, timeline: AguiRunTimeline, facts: RunEndFacts): void {
  const { outcome } = timeline;
  const { error, refusedFinish } = facts;
  if (facts.aborted) {
    record.status = "aborted";
    record.error = error ?? { code: "cancelled:agui_run_aborted", message: "Aborted from Loupe" };
  } else if (outcome.type === "error") {
    record.status = "error";
    record.error = {
      code: "upstream:agui_run_error",
      message: outcome.message,
      ...(outcome.code ? { details: { code: outcome.code } } : {}),
    };
  } else if (outcome.type === "refused") {
    // The stream broke the run lifecycle (a RUN_STARTED over the open run): not a failure the agent reported.
    record.status = "error";
    record.error = { code: "upstream:agui_run_overlap", message: outcome.message };
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
  record.endedAt = facts.endedAt ?? Date.now();
}
