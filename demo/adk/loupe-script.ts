/**
 * What the scripted model says in loupe_demo. A keyword in the user's latest message picks a
 * scenario; the tool results received since pick the step. Every step is a pure function of the
 * conversation, so a resumed run (confirmation, job result, credential) continues where it paused.
 */
import type { ConversationView, ToolResult } from "./conversation";
import type { ScriptedCall, ScriptedReply } from "./scripted-llm";

export const SCENARIO_KEYWORDS = [
  "weather in Paris",
  "chart",
  "parallel",
  "delete",
  "job",
  "secure",
  "transfer",
  "fail",
  "full",
  "bulk 10000",
  "model error",
  "help",
] as const;

export const HELP_TEXT = "I am loupe_demo, a scripted demo agent (no real LLM). Try: " + SCENARIO_KEYWORDS.join(", ") + ".";

export const HELPER_AGENT = "helper_agent";
export const BULK_AGENT = "bulk_agent";

const call = (name: string, args: Record<string, unknown>): ScriptedCall => ({ name, args });
const weatherCall = (city: string) => call("get_weather", { city });
const deleteCall = call("delete_file", { path: "/tmp/old.log" });
const jobCall = call("start_job", { jobName: "nightly-report" });
const secureCall = call("call_secure_api", { endpoint: "/v1/secret" });
const transferCall = (agentName: string) => call("transfer_to_agent", { agentName });

function cityOf(text: string): string {
  const m = /\b(?:in|for)\s+([a-z][a-z .'-]*)/i.exec(text);
  const raw = m?.[1]?.trim().replace(/[.?!]+$/, "") ?? "";
  if (!raw) return "Paris";
  return raw.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

const lastOf = (v: ConversationView): ToolResult | undefined => v.results[v.results.length - 1];
const str = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

function weatherAnswer(r: ToolResult): ScriptedReply {
  const { city, forecast, temperatureC, artifactVersion } = r.response;
  return {
    thought: `The tool says ${str(city)} is ${str(forecast)} at ${str(temperatureC)} °C and saved a report; answer briefly.`,
    text: `It is ${str(forecast)} in ${str(city)}, ${str(temperatureC)} °C. I saved the report as weather_report.txt (version ${str(artifactVersion)}).`,
  };
}

function weather(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "get_weather");
  if (done) return weatherAnswer(done);
  return { text: "Checking the weather first.", calls: [weatherCall(cityOf(v.userText))] };
}

function parallel(v: ConversationView): ScriptedReply {
  const got = v.results.filter((r) => r.name === "get_weather");
  if (got.length === 0) {
    return { text: "Looking up two cities at once.", calls: [weatherCall("Paris"), weatherCall("Tokyo")] };
  }
  const lines = got.map((r) => `${str(r.response.city)}: ${str(r.response.forecast)}, ${str(r.response.temperatureC)} °C`);
  return { text: `Both answers arrived. ${lines.join("; ")}.` };
}

function chart(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "make_chart");
  const city = cityOf(v.userText);
  if (!done) return { text: `Drawing a 5-day chart for ${city}.`, calls: [call("make_chart", { city })] };
  return { text: `Saved forecast.json and chart.png for ${str(done.response.city)}; open them in the artifacts tab.` };
}

function deleteAnswer(r: ToolResult): string {
  if (typeof r.response.error === "string") return `Not deleted: ${r.response.error}`;
  return `Deleted ${str(r.response.deleted)}.`;
}

function del(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "delete_file");
  if (!done) return { text: "Deleting a file (needs approval).", calls: [deleteCall] };
  return { text: deleteAnswer(done) };
}

function job(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "start_job");
  if (!done) return { text: "Starting a long-running job.", calls: [jobCall] };
  const { status, rows } = done.response;
  if (status === "done") return { text: `Job nightly-report finished with ${str(rows ?? "?")} rows.` };
  return { text: `Job nightly-report reported: ${str(done.response)}.` };
}

function secureAnswer(r: ToolResult): ScriptedReply {
  if (r.response.pending_auth) return { text: "Waiting for an API key." };
  return { text: `The protected API answered "${str(r.response.data)}" (key starting ${str(r.response.keyPrefix)}).` };
}

function secure(v: ConversationView): ScriptedReply {
  const done = v.results.filter((r) => r.name === "call_secure_api").pop();
  if (!done) return { text: "Calling a protected API.", calls: [secureCall] };
  return secureAnswer(done);
}

function fail(v: ConversationView): ScriptedReply {
  const done = v.results.find((r) => r.name === "flaky_service");
  if (!done) return { text: "Calling a service that is down.", calls: [call("flaky_service", { service: "billing" })] };
  return { text: `The tool failed: ${str(done.response.error ?? done.response)}` };
}

/** Captures 21–25: weather → confirmation → long-running job → credential → transfer. */
function full(v: ConversationView): ScriptedReply {
  const last = lastOf(v);
  if (!last) return { text: "Checking the weather first.", calls: [weatherCall("Paris")] };
  switch (last.name) {
    case "get_weather":
      return { text: "Now deleting a file (needs approval).", calls: [deleteCall] };
    case "delete_file":
      return { text: `${deleteAnswer(last)} Starting a long-running job.`, calls: [jobCall] };
    case "start_job":
      if (last.response.status !== "done") return job(v);
      return { text: "Calling a protected API.", calls: [secureCall] };
    case "call_secure_api":
      if (last.response.pending_auth) return secureAnswer(last);
      return { text: "Handing over to the helper.", calls: [transferCall(HELPER_AGENT)] };
    default:
      return { text: "Full scenario finished." };
  }
}

function bulk(v: ConversationView): ScriptedReply {
  if (v.calledSince.includes("transfer_to_agent")) return { text: "Bulk events generated." };
  return { text: `Generating ${bulkCount(v.userText)} events.`, calls: [transferCall(BULK_AGENT)] };
}

/** `bulk N` → N (default 10000, capped at 50000 to keep the demo server responsive). */
export function bulkCount(text: string): number {
  const n = Number(/bulk\s+(\d+)/i.exec(text)?.[1] ?? "10000");
  return Math.min(50_000, Math.max(1, Number.isFinite(n) ? n : 10_000));
}

function transfer(v: ConversationView): ScriptedReply {
  if (v.calledSince.includes("transfer_to_agent")) return { text: "Transferred." };
  return { text: "Handing over to the helper.", calls: [transferCall(HELPER_AGENT)] };
}

const SCENARIOS: ReadonlyArray<[RegExp, (v: ConversationView) => ScriptedReply]> = [
  [/\bhelp\b/, () => ({ text: HELP_TEXT })],
  [/\bmodel error\b/, () => ({ error: { code: "SCRIPTED_ERROR", message: "The scripted model failed on purpose." } })],
  [/\bbulk\b/, bulk],
  [/\bfull\b/, full],
  [/\bparallel\b/, parallel],
  [/\bchart\b/, chart],
  [/\bweather\b/, weather],
  [/\bdelete\b/, del],
  [/\bjob\b/, job],
  [/\bsecure\b/, secure],
  [/\btransfer\b/, transfer],
  [/\bfail\b/, fail],
];

export function loupeScript(v: ConversationView): ScriptedReply {
  for (const [re, scenario] of SCENARIOS) if (re.test(v.userKey)) return scenario(v);
  return { text: HELP_TEXT };
}

/** The sub-agent: confirms the transfer, and hands back to the root when asked. */
export function helperScript(v: ConversationView): ScriptedReply {
  if (/\bback\b/.test(v.userKey) && !v.calledSince.includes("transfer_to_agent")) {
    return { text: "Returning you to loupe_demo.", calls: [transferCall("loupe_demo")] };
  }
  return { text: 'Helper agent here: transfer worked. Say "back" to return to loupe_demo.' };
}
