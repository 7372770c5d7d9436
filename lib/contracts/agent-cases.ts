/**
 * A test case recorded from an agent session or thread (issue 24), whatever the protocol: the user
 * input of each turn, each pause the agent made with the answer the human gave, the tool calls it
 * made (the trajectory) and its final response. Each protocol's case driver
 * (lib/server/<protocol>/case-driver.ts) records one from its own session and replays it against a
 * live agent, answering every pause through the protocol's own answer path.
 */
import { z } from "zod";

/** A tool call as the trajectory compares it: name and arguments. */
export const ToolUse = z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()) });
export type ToolUse = z.infer<typeof ToolUse>;

/** What paused: the protocol's pause kind and what it paused on (a tool, a node, a task state). */
export const PauseSite = z.object({
  /** The protocol's own kind ("confirmation", "credential", "input-required", "interrupt"…). */
  kind: z.string().min(1),
  /** The tool, call, node or state it paused on ("delete_file", "human_review"…). */
  name: z.string(),
});
export type PauseSite = z.infer<typeof PauseSite>;

/** A pause met while recording, with the answer the human gave (the protocol's answer body). */
export const RecordedPause = PauseSite.extend({ answer: z.unknown() });
export type RecordedPause = z.infer<typeof RecordedPause>;

export const AgentCaseTurn = z.object({
  /** The user's input of the turn, in the protocol's own shape (ADK: message parts). */
  input: z.unknown(),
  /** The pauses of the turn in the order they were answered (several may share one step). */
  pauses: z.array(RecordedPause).max(200),
  toolCalls: z.array(ToolUse).max(1000),
  finalResponse: z.string(),
});
export type AgentCaseTurn = z.infer<typeof AgentCaseTurn>;

/** What one replayed turn did against the live agent. */
export interface ReplayedTurn {
  pauses: PauseSite[];
  toolCalls: ToolUse[];
  finalResponse: string;
}

/**
 * The outcome of a replay: what came back per turn and, in words, each way the agent left the
 * case's script (an unexpected pause, a recorded pause that never came, a run that failed). Tool
 * arguments and the response are compared by the case's assertions over `turns`.
 */
export interface ReplayReport {
  turns: ReplayedTurn[];
  problems: string[];
}
