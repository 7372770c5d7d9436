import type { AguiInterrupt } from "@/lib/protocols/agui/types";

/** The AG-UI event vocabulary the timeline knows (1.0.0 plus the deprecated THINKING_* set) and small readers of raw events. */
export type Ev = Record<string, unknown>;

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const isObj = (v: unknown): v is Ev => typeof v === "object" && v !== null && !Array.isArray(v);

const KNOWN = new Set([
  "TEXT_MESSAGE_START",
  "TEXT_MESSAGE_CONTENT",
  "TEXT_MESSAGE_END",
  "TEXT_MESSAGE_CHUNK",
  "TOOL_CALL_START",
  "TOOL_CALL_ARGS",
  "TOOL_CALL_END",
  "TOOL_CALL_CHUNK",
  "TOOL_CALL_RESULT",
  "STATE_SNAPSHOT",
  "STATE_DELTA",
  "MESSAGES_SNAPSHOT",
  "ACTIVITY_SNAPSHOT",
  "ACTIVITY_DELTA",
  "RAW",
  "CUSTOM",
  "RUN_STARTED",
  "RUN_FINISHED",
  "RUN_ERROR",
  "STEP_STARTED",
  "STEP_FINISHED",
  "REASONING_START",
  "REASONING_MESSAGE_START",
  "REASONING_MESSAGE_CONTENT",
  "REASONING_MESSAGE_END",
  "REASONING_MESSAGE_CHUNK",
  "REASONING_END",
  "REASONING_ENCRYPTED_VALUE",
  "SUBAGENT_STARTED",
  "SUBAGENT_FINISHED",
  "SUBAGENT_ERROR",
  "THINKING_START",
  "THINKING_END",
  "THINKING_TEXT_MESSAGE_START",
  "THINKING_TEXT_MESSAGE_CONTENT",
  "THINKING_TEXT_MESSAGE_END",
]);

export function isKnownAguiEventType(type: string): boolean {
  return KNOWN.has(type);
}

export function parseInterrupts(value: unknown): AguiInterrupt[] {
  if (!Array.isArray(value)) return [];
  const out: AguiInterrupt[] = [];
  for (const v of value) {
    if (!isObj(v) || typeof v.id !== "string") continue;
    out.push({
      id: v.id,
      reason: str(v.reason),
      message: str(v.message),
      toolCallId: str(v.toolCallId),
      responseSchema: v.responseSchema,
      expiresAt: str(v.expiresAt),
      metadata: v.metadata,
    });
  }
  return out;
}
