import { LG_DEFAULT_STREAM_MODES, LG_STREAM_MODES, type LgRunBody, type LgStreamMode } from "@/lib/contracts/langgraph";
import { parseJsonValue } from "./answer-values";

/** The run composer's state, as typed. */
export interface LgRunDraft {
  assistantId: string;
  /** The graph's input as JSON text, always what is sent (empty: null, go on from the checkpoint). */
  inputText: string;
  /** The convenience message box (it writes `inputText`). */
  message: string;
  streamModes: LgStreamMode[];
}

export const emptyLgRunDraft = (assistantId: string): LgRunDraft => ({
  assistantId,
  inputText: "",
  message: "",
  streamModes: [...LG_DEFAULT_STREAM_MODES],
});

/** The input a chat graph (MessagesState) takes for one human message. */
export function messageInput(content: string): string {
  return content ? JSON.stringify({ messages: [{ role: "human", content }] }, null, 2) : "";
}

/** A stream mode ticked or not, in the contract's order. */
export function toggledMode(modes: readonly LgStreamMode[], mode: LgStreamMode, on: boolean): LgStreamMode[] {
  return LG_STREAM_MODES.filter((m) => (m === mode ? on : modes.includes(m)));
}

export type LgRunDraftResult = { ok: true; body: LgRunBody } | { ok: false; error: string };

/** The body of POST …/runs from the draft, or why it cannot be sent. */
export function lgRunBodyFromDraft(d: LgRunDraft, threadId: string | null): LgRunDraftResult {
  if (!d.assistantId) return { ok: false, error: "Pick an assistant" };
  if (d.streamModes.length === 0) return { ok: false, error: "Tick at least one stream mode" };
  let input: unknown = null;
  if (d.inputText.trim()) {
    const parsed = parseJsonValue(d.inputText);
    if (!parsed.ok) return { ok: false, error: `Input: ${parsed.error}` };
    input = parsed.value;
  }
  // A new thread has no checkpoint to go on from: the server refuses null (EmptyInputError).
  if (!threadId && input === null) return { ok: false, error: "A new thread needs an input: type a message, or some JSON under Options" };
  // `values` with stream_subgraphs fails the run on the JS dev server (TypeError "reading 'map'",
  // see LgRunBody.subgraphs): subgraphs' events are asked for only without it.
  const subgraphs = !d.streamModes.includes("values");
  const body: LgRunBody = { assistantId: d.assistantId, input, streamModes: d.streamModes, subgraphs };
  if (threadId) body.threadId = threadId;
  return { ok: true, body };
}
