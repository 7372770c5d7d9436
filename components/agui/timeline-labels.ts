import type { AguiRunOutcome, AguiTimelineItem } from "@/lib/protocols/agui/types";

export type ItemKind = AguiTimelineItem["kind"];

/** Records, so a new item kind without a label is a type error (STYLE rule 7). */
export const ITEM_KIND_LABEL: Record<ItemKind, string> = {
  text: "Message",
  reasoning: "Reasoning",
  tool_call: "Tool call",
  state: "State",
  messages_snapshot: "Messages snapshot",
  activity: "Activity",
  step: "Step",
  subagent: "Sub-agent",
  run_started: "Run started",
  run_finished: "Run finished",
  run_error: "Run error",
  raw: "Raw",
  custom: "Custom",
  unknown: "Unknown event",
  after_end: "After the end",
};

/** The kind chips of the timeline filter, grouped as a reader thinks of them. */
export const ITEM_FILTERS = {
  messages: ["text"],
  reasoning: ["reasoning"],
  tools: ["tool_call"],
  state: ["state", "messages_snapshot"],
  steps: ["step", "subagent", "activity"],
  run: ["run_started", "run_finished", "run_error", "after_end"],
  other: ["raw", "custom", "unknown"],
} as const satisfies Record<string, readonly ItemKind[]>;
export type ItemFilter = keyof typeof ITEM_FILTERS;
export const ITEM_FILTER_LABEL: Record<ItemFilter, string> = {
  messages: "Messages",
  reasoning: "Reasoning",
  tools: "Tools",
  state: "State",
  steps: "Steps",
  run: "Run",
  other: "Raw / custom",
};

export const OUTCOME_LABEL: Record<AguiRunOutcome["type"], string> = {
  running: "Running",
  success: "Finished",
  interrupt: "Interrupted",
  cancelled: "Cancelled",
  error: "Error",
  refused: "Refused (protocol violation)",
};
