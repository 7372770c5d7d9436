/**
 * loupe_demo: the root agent of Loupe's built-in ADK demo. Served by `adk api_server demo/agents`
 * (see demo/adk/start-agent-server.ts). Keywords in the user's message pick a scenario; the list is
 * in the instruction so a user (or Gemini, with GOOGLE_API_KEY) knows what to try.
 */
import { LlmAgent } from "@google/adk";
import { BulkAgent } from "../../adk/bulk-agent";
import { demoModel } from "../../adk/demo-model";
import { BULK_AGENT, HELPER_AGENT, HELP_TEXT, SCENARIO_KEYWORDS, helperScript, loupeScript } from "../../adk/loupe-script";
import { LOUPE_TOOLS } from "../../adk/loupe-tools";

const helper = new LlmAgent({
  name: HELPER_AGENT,
  description: 'A helper sub-agent that confirms transfers; say "back" to return to loupe_demo.',
  instruction: "You are the helper. Greet the user briefly; transfer back to loupe_demo when they say back.",
  model: demoModel(helperScript),
  outputKey: "helper_reply",
});

const bulk = new BulkAgent({
  name: BULK_AGENT,
  description: "Writes N synthetic events (text, tool call/response pairs, state deltas) for `bulk N`.",
});

export const rootAgent = new LlmAgent({
  name: "loupe_demo",
  description: `Loupe demo agent. Try: ${SCENARIO_KEYWORDS.join(", ")}.`,
  instruction: [
    "You are loupe_demo, a demo agent used to show every kind of ADK event in the Loupe inspector.",
    `Scenario keywords the user may type: ${SCENARIO_KEYWORDS.join(", ")}.`,
    "weather: call get_weather. chart: call make_chart. parallel: call get_weather for Paris and Tokyo at once.",
    "delete: call delete_file (needs approval). job: call start_job (long-running). secure: call call_secure_api (needs an API key).",
    "transfer: transfer to helper_agent. fail: call flaky_service. full: weather, delete, job, secure, then transfer.",
    "bulk N: transfer to bulk_agent. help: list the keywords.",
    HELP_TEXT,
  ].join("\n"),
  model: demoModel(loupeScript),
  tools: LOUPE_TOOLS,
  subAgents: [helper, bulk],
});
