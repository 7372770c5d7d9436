import type { CallToolResult, InputRequests } from "@modelcontextprotocol/server";
import type { TaskJob } from "./task-store";

/** What happens before a task is created: more MRTR rounds, or what the task should carry. */
export type Preparation = { ask: InputRequests } | { carry?: unknown };

export interface TaskSpec {
  /** "required": without the extension the call is refused (-32021); "optional": it runs inline. */
  support: "optional" | "required";
  /**
   * Synchronous rounds before the task exists (SEP-2663's MRTR → task composition): asked with an
   * input-required result, answered by re-sending tools/call with inputResponses.
   */
  prepare?(args: Record<string, unknown>, inputResponses: Record<string, unknown> | undefined): Preparation;
  run(args: Record<string, unknown>, job: TaskJob, carry: unknown): Promise<CallToolResult>;
}
