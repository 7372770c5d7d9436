import type { A2aTaskState } from "@/lib/contracts/a2a";
import type { A2aMessage, A2aPart } from "@/lib/protocols/a2a/frames";
import type { A2aStep } from "@/lib/protocols/a2a/timeline";
import { isRecord } from "@/lib/values";

/** Compact JSON is cut here in a bubble; the whole message is one click away (its raw frame). */
const BUBBLE_JSON_CHARS = 400;

/** States whose status message asks the user something: it belongs in the conversation. */
const ASKING: readonly A2aTaskState[] = ["input-required", "auth-required"];

/** One line of the conversation: a message either way, or the status message an agent asked with. */
export interface ConversationLine {
  seq: number;
  message: A2aMessage;
}

/** The messages both ways, with the question of each input- or auth-required state in its place. */
export function conversation(steps: readonly A2aStep[]): ConversationLine[] {
  return steps.flatMap((s) => {
    if (s.type === "message") return [{ seq: s.seq, message: s.message }];
    if (s.type === "state" && s.message && ASKING.includes(s.state)) return [{ seq: s.seq, message: s.message }];
    return [];
  });
}

/** A data part read: `key: value` lines for a flat object, else compact JSON. */
function dataText(data: unknown): string {
  if (isRecord(data)) {
    const fields = Object.entries(data);
    if (fields.length > 0 && fields.every(([, v]) => v === null || typeof v !== "object")) {
      return fields.map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join("\n");
    }
  }
  const json = JSON.stringify(data) ?? String(data);
  return json.length > BUBBLE_JSON_CHARS ? `${json.slice(0, BUBBLE_JSON_CHARS)}…` : json;
}

function partText(part: A2aPart): string {
  if (part.kind === "text") return part.text;
  if (part.kind === "data") return dataText(part.data);
  return `(file ${part.name ?? part.mimeType ?? "without a name"})`;
}

/** What a bubble says: every part in order, text as written, data readable, a file by its name. */
export function bubbleText(message: A2aMessage): string {
  const text = message.parts.map(partText).join("\n").trim();
  return text || "(no parts)";
}
