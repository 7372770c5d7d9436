/**
 * Script for compaction_demo: echo every message, and answer the summarizer's prompt (recognised by
 * its marker) with a short deterministic summary that says how many events it covered.
 */
import type { ConversationView } from "./conversation";
import type { ScriptedReply } from "./scripted-llm";

export const SUMMARY_PROMPT =
  "LOUPE_SUMMARY_REQUEST: summarize the conversation below in one sentence, keeping decisions and open questions.";

export function compactionScript(v: ConversationView): ScriptedReply {
  if (v.userText.startsWith("LOUPE_SUMMARY_REQUEST")) {
    const n = v.userText.match(/\[Event \d+ - Author:/g)?.length ?? 0;
    return { text: `SUMMARY of ${n} events: the user chatted with the agent.` };
  }
  return { text: `Echo: ${v.userText}` };
}
