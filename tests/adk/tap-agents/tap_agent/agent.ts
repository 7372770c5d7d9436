/**
 * tap_agent: an LlmAgent whose tools come from an MCP server through Loupe's tap (issue 10), with
 * ADK's own MCPToolset over Streamable HTTP and the tap key as a bearer header. The URL and key
 * come from the api_server's environment (LOUPE_TAP_URL, LOUPE_TAP_KEY). Offline scripted model:
 * "forecast" → get-forecast for Lisbon, then it repeats what the tool returned.
 */
import { LlmAgent, MCPToolset } from "@google/adk";
import { ScriptedLlm } from "../../../../demo/adk/scripted-llm";
import type { ScriptedReply } from "../../../../demo/adk/scripted-llm";
import type { ConversationView } from "../../../../demo/adk/conversation";

const toolset = new MCPToolset({
  type: "StreamableHTTPConnectionParams",
  // A placeholder when the env is missing, so bundling the agent alone never throws.
  url: process.env.LOUPE_TAP_URL ?? "http://127.0.0.1:9/mcp/unset",
  transportOptions: { requestInit: { headers: { Authorization: `Bearer ${process.env.LOUPE_TAP_KEY ?? ""}` } } },
});

function script(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "get-forecast");
  if (done) return { text: `Forecast through the tap: ${JSON.stringify(done.response).slice(0, 400)}` };
  if (v.userKey.includes("forecast")) return { calls: [{ name: "get-forecast", args: { city: "Lisbon" } }] };
  return { text: `You said: ${v.userText}` };
}

export const rootAgent = new LlmAgent({
  name: "tap_agent",
  description: "Uses the demo MCP server's tools through a Loupe tap.",
  model: new ScriptedLlm(script),
  instruction: "Answer with the tools.",
  tools: [toolset],
});
