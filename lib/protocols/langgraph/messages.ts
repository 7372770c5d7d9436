/**
 * LangChain messages as LangGraph streams them (`values`, `updates`, task results, `messages`
 * tuples): `{ type | role, content, id?, tool_calls?, tool_call_id?, name? }`. Pure; a value that is
 * not a message is reported as null, never thrown on.
 */
import { isRecord } from "@/lib/values";

export type LgRole = "human" | "ai" | "tool" | "system" | (string & {});

export interface LgToolCall {
  id: string;
  name: string;
  args: unknown;
}

export interface LgMessage {
  id: string | null;
  role: LgRole;
  text: string;
  toolCalls: LgToolCall[];
  /** Set on a tool message: the call it answers. */
  toolCallId: string | null;
  name: string | null;
  /** A tool message with `status: "error"`. */
  isError: boolean;
  raw: unknown;
}

/** OpenAI-style role names some graphs put in `role` instead of LangChain's `type`. */
const ROLE_ALIASES: Record<string, LgRole> = {
  user: "human",
  assistant: "ai",
  AIMessageChunk: "ai",
  HumanMessageChunk: "human",
  ToolMessageChunk: "tool",
};

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** A message's content as text: a string, or the text parts of a content-block array. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : JSON.stringify(content);
  return content
    .map((part) => (typeof part === "string" ? part : isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .join("");
}

function toolCalls(value: unknown): LgToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c, i) =>
    isRecord(c) ? [{ id: str(c.id) ?? `#${i}`, name: str(c.name) ?? "(unnamed)", args: c.args ?? null }] : [],
  );
}

/** One message, or null when the value does not look like one. */
export function readMessage(value: unknown): LgMessage | null {
  if (!isRecord(value)) return null;
  const kind = str(value.type) ?? str(value.role);
  if (kind === null || !("content" in value)) return null;
  return {
    id: str(value.id),
    role: ROLE_ALIASES[kind] ?? kind,
    text: contentText(value.content),
    toolCalls: toolCalls(value.tool_calls),
    toolCallId: str(value.tool_call_id),
    name: str(value.name),
    isError: value.status === "error",
    raw: value,
  };
}

/** The messages of a state or a node's write (`{ messages: [...] }`); [] when it has none. */
export function messagesOf(value: unknown): LgMessage[] {
  if (!isRecord(value) || !Array.isArray(value.messages)) return [];
  return value.messages.flatMap((m) => {
    const msg = readMessage(m);
    return msg ? [msg] : [];
  });
}

/** A message as shown: a plain one, or a tool call with its result (found anywhere in the run). */
export type LgMessageItem =
  | { kind: "message"; message: LgMessage }
  | { kind: "call"; call: LgToolCall; from: LgMessage; result: LgMessage | null }
  | { kind: "result"; message: LgMessage; call: LgToolCall | null };

/**
 * Pairs tool calls with their results by id: an AI message's calls each become a `call` item holding
 * its result (from `results`, the run's tool messages by call id); a tool message becomes a `result`
 * item naming its call. An AI message that also says something keeps its text as a `message` item.
 */
export function pairMessages(
  messages: readonly LgMessage[],
  results: ReadonlyMap<string, LgMessage>,
  calls: ReadonlyMap<string, LgToolCall>,
): LgMessageItem[] {
  const items: LgMessageItem[] = [];
  for (const message of messages) {
    if (message.role === "tool" && message.toolCallId !== null) {
      items.push({ kind: "result", message, call: calls.get(message.toolCallId) ?? null });
      continue;
    }
    if (message.toolCalls.length === 0 || message.text.trim() !== "") items.push({ kind: "message", message });
    for (const call of message.toolCalls) items.push({ kind: "call", call, from: message, result: results.get(call.id) ?? null });
  }
  return items;
}
