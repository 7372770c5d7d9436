/**
 * compaction_demo: an echo agent with a token-based context compactor and a tiny threshold, so a
 * CompactedEvent (author "system", isCompacted) appears on turns 4 and 6 (captures 61–66). The
 * summarizer uses the same scripted model, which recognises the summary prompt by its marker.
 */
import { LlmAgent, LlmSummarizer, TokenBasedContextCompactor } from "@google/adk";
import { demoModel } from "../../adk/demo-model";
import { SUMMARY_PROMPT, compactionScript } from "../../adk/compaction-script";

const summarizer = new LlmSummarizer({ llm: demoModel(compactionScript), prompt: SUMMARY_PROMPT });

export const rootAgent = new LlmAgent({
  name: "compaction_demo",
  description: "Echoes what you type; older turns are summarized once the prompt passes 60 tokens.",
  instruction: "Echo the user's message.",
  model: demoModel(compactionScript),
  // ADK keeps the events with `timestamp > endTime` of the last compaction (ms). The reply event is
  // stamped before the model runs, often in the same ms as the user's message, which would make the
  // retained context (and the token counts) vary between runs; a 2 ms pause keeps them apart.
  beforeAgentCallback: () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2)),
  contextCompactors: [new TokenBasedContextCompactor({ tokenThreshold: 60, eventRetentionSize: 2, summarizer })],
});
