/**
 * bundle_lab: an agent written for the ADK bundle round trip (tests/integration/adk-bundle-roundtrip.test.ts).
 * One session of it holds every item kind Loupe draws — user and model text, a thought, tool calls
 * and results, a state delta, an artifact, a transfer and the way back, a compaction, a model error
 * and usage — and every pause type: a tool confirmation, an API-key credential, an OAuth credential
 * whose auth config carries a client secret, a long-running tool, and an approval ADK JS refuses
 * (its `{"error":…}` frame is never stored). A keyword in the user's message picks the step.
 */
import { FunctionTool, LlmAgent, LlmSummarizer, TokenBasedContextCompactor } from "@google/adk";
import type { AuthConfig, InvocationContext } from "@google/adk";
import { z } from "zod";
import { callSecureApi, deleteFile, getWeather, startJob } from "../../../../demo/adk/loupe-tools";
import { ScriptedLlm } from "../../../../demo/adk/scripted-llm";
import type { ScriptedReply } from "../../../../demo/adk/scripted-llm";
import type { ConversationView } from "../../../../demo/adk/conversation";

export const BUNDLE_OAUTH_CLIENT_SECRET = "bundle-lab-oauth-client-secret-8842";
const SUMMARY_MARK = "BUNDLE_LAB_SUMMARY";

const OAUTH: AuthConfig = {
  authScheme: {
    type: "oauth2",
    flows: {
      authorizationCode: {
        authorizationUrl: "https://idp.example/authorize",
        tokenUrl: "https://idp.example/token",
        scopes: { "calendar.read": "read" },
      },
    },
  },
  rawAuthCredential: {
    authType: "oauth2",
    oauth2: { clientId: "bundle-lab-client", clientSecret: BUNDLE_OAUTH_CLIENT_SECRET, redirectUri: "http://127.0.0.1/callback" },
  },
  credentialKey: "bundle_calendar_oauth",
} as AuthConfig;

const readCalendar = new FunctionTool({
  name: "read_calendar",
  description: "Reads the user's calendar; needs an OAuth sign-in.",
  parameters: z.object({ day: z.string() }),
  execute: ({ day }, ctx) => {
    if (!ctx?.getAuthResponse(OAUTH)) {
      ctx?.requestCredential(OAUTH);
      return { pending_auth: true };
    }
    return { day, events: 0 };
  },
});

/** Asks for approval itself (ctx.requestConfirmation): ADK JS 2.0 refuses the answer (adk.md §9.2). */
const transferMoney = new FunctionTool({
  name: "transfer_money",
  description: "Transfers money (pretend); asks for approval itself.",
  parameters: z.object({ amount: z.number() }),
  execute: ({ amount }, ctx) => {
    if (!ctx?.toolConfirmation) {
      ctx?.requestConfirmation({ hint: `Approve a transfer of ${amount}?`, payload: { amount } });
      return { pending: true };
    }
    return { transferred: amount };
  },
});

const after = (v: ConversationView, tool: string) => v.results.filter((r) => r.name === tool).pop();
const str = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

function step(v: ConversationView, tool: string, args: Record<string, unknown>, ask: string, done: (r: Record<string, unknown>) => string) {
  const result = after(v, tool);
  if (result) return { text: done(result.response) };
  if (v.calledSince.includes(tool)) return { text: "Waiting." };
  return { text: ask, calls: [{ name: tool, args }] };
}

const STEPS: ReadonlyArray<[RegExp, (v: ConversationView) => ScriptedReply]> = [
  [/model error/, () => ({ error: { code: "SCRIPTED_ERROR", message: "The scripted model failed on purpose." } })],
  [
    /weather/,
    (v) => {
      const r = after(v, "get_weather");
      if (!r) return { text: "Checking the weather.", calls: [{ name: "get_weather", args: { city: "Paris" } }] };
      return { thought: "The tool answered; keep it short.", text: `It is ${str(r.response.forecast)} in ${str(r.response.city)}.` };
    },
  ],
  [
    /transfer/,
    (v) =>
      v.calledSince.includes("transfer_to_agent")
        ? { text: "Transferred." }
        : { calls: [{ name: "transfer_to_agent", args: { agentName: "bundle_helper" } }] },
  ],
  [/compact/, () => ({ text: "Older turns are summarized now." })],
  [
    /delete/,
    (v) => step(v, "delete_file", { path: "/tmp/old.log" }, "Deleting (needs approval).", (r) => `Deleted ${str(r.deleted ?? r.error)}.`),
  ],
  [
    /secure/,
    (v) =>
      step(v, "call_secure_api", { endpoint: "/v1/secret" }, "Calling a protected API.", (r) =>
        r.pending_auth ? "Waiting for a key." : `Got ${str(r.data)}.`,
      ),
  ],
  [/job/, (v) => step(v, "start_job", { jobName: "nightly-report" }, "Starting a job.", (r) => `Job says ${str(r.status)}.`)],
  [/dynamic/, (v) => step(v, "transfer_money", { amount: 5 }, "Moving money.", (r) => `Transfer: ${str(r)}.`)],
  [/calendar/, (v) => step(v, "read_calendar", { day: "today" }, "Reading the calendar.", () => "Waiting for sign-in.")],
];

function script(v: ConversationView): ScriptedReply {
  if (v.userText.startsWith(SUMMARY_MARK)) return { text: "SUMMARY: the user asked about the weather in Paris." };
  for (const [re, reply] of STEPS) if (re.test(v.userKey)) return reply(v);
  return { text: `You said: ${v.userText}` };
}

/** Compacts once, on the turn whose message says "compact" (a token threshold would fire at a run-dependent point). */
class KeywordCompactor extends TokenBasedContextCompactor {
  override shouldCompact(ctx: InvocationContext): boolean {
    const last = ctx.session.events[ctx.session.events.length - 1];
    const text = (last?.content?.parts ?? []).map((p) => p.text ?? "").join("");
    return last?.author === "user" && /compact/i.test(text) && ctx.session.events.length > 3;
  }
}

const summarizer = new LlmSummarizer({ llm: new ScriptedLlm(script), prompt: `${SUMMARY_MARK}: summarize the conversation below.` });

const helper = new LlmAgent({
  name: "bundle_helper",
  description: 'A helper sub-agent; say "back" to return.',
  instruction: "Test helper; the scripted model decides.",
  model: new ScriptedLlm((v) =>
    /back/.test(v.userKey) && !v.calledSince.includes("transfer_to_agent")
      ? { calls: [{ name: "transfer_to_agent", args: { agentName: "bundle_lab" } }] }
      : { text: 'Helper here. Say "back" to return.' },
  ),
});

export const rootAgent = new LlmAgent({
  name: "bundle_lab",
  description: "Bundle round-trip agent: weather, compact, transfer, model error, delete, secure, job, dynamic, calendar.",
  instruction: "Test agent; the scripted model decides.",
  model: new ScriptedLlm(script),
  tools: [getWeather, deleteFile, callSecureApi, startJob, transferMoney, readCalendar],
  subAgents: [helper],
  contextCompactors: [new KeywordCompactor({ tokenThreshold: 1, eventRetentionSize: 2, summarizer })],
});
