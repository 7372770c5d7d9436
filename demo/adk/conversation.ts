/**
 * Reads an LlmRequest the way the scripted model needs it: the latest thing the user typed and the
 * tool results that arrived since. ADK rewrites other agents' turns into user text starting with
 * "For context:" (content_processor_utils `convertForeignEvent`), so those are not user input.
 */
import type { Content, Part } from "@google/genai";

export interface ToolResult {
  name: string;
  response: Record<string, unknown>;
}

export interface ConversationView {
  /** Latest text the user typed (trimmed), "" when there is none. */
  userText: string;
  /** Same, lower-cased, for keyword matching. */
  userKey: string;
  /** Tool results received after `userText`, oldest first. */
  results: ToolResult[];
  /** Tool results in the newest content only (empty when the newest content is user text). */
  latest: ToolResult[];
  /** Tool calls the model already made after `userText`, by name (to avoid calling twice). */
  calledSince: string[];
}

const FOREIGN_PREFIX = "For context:";

function textOf(parts: Part[]): string {
  return parts
    .filter((p) => typeof p.text === "string" && p.thought !== true)
    .map((p) => p.text ?? "")
    .join("")
    .trim();
}

function resultsOf(content: Content): ToolResult[] {
  const out: ToolResult[] = [];
  for (const part of content.parts ?? []) {
    const fr = part.functionResponse;
    if (fr?.name) out.push({ name: fr.name, response: fr.response ?? {} });
  }
  return out;
}

function isUserText(content: Content): boolean {
  if (content.role !== "user") return false;
  const parts = content.parts ?? [];
  if (parts[0]?.text?.startsWith(FOREIGN_PREFIX)) return false;
  return textOf(parts) !== "";
}

export function viewConversation(contents: Content[]): ConversationView {
  let start = -1;
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i];
    if (c && isUserText(c)) {
      start = i;
      break;
    }
  }
  const startContent = start >= 0 ? contents[start] : undefined;
  const userText = startContent ? textOf(startContent.parts ?? []) : "";
  const after = contents.slice(start + 1);
  const results = after.flatMap(resultsOf);
  const calledSince = after.flatMap((c) => (c.parts ?? []).flatMap((p) => (p.functionCall?.name ? [p.functionCall.name] : [])));
  const newest = contents[contents.length - 1];
  const latest = newest && start !== contents.length - 1 ? resultsOf(newest) : [];
  return { userText, userKey: userText.toLowerCase(), results, latest, calledSince };
}

/** Chars of everything the model is shown, for deterministic token counts. */
export function contentChars(contents: Content[]): number {
  let n = 0;
  for (const c of contents) {
    for (const p of c.parts ?? []) {
      if (p.text) n += p.text.length;
      if (p.functionCall) n += JSON.stringify(p.functionCall).length;
      if (p.functionResponse) n += JSON.stringify(p.functionResponse).length;
    }
  }
  return n;
}
