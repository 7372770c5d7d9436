/**
 * oauth_gate: an agent written for Loupe's secret-masking test. Its tool asks for an OAuth2
 * sign-in whose auth config carries the OAuth client secret (rawAuthCredential.oauth2.clientSecret);
 * ADK JS copies it into the adk_request_credential call it streams and stores.
 */
import { FunctionTool, LlmAgent } from "@google/adk";
import type { AuthConfig } from "@google/adk";
import { z } from "zod";
import { ScriptedLlm } from "../../../../demo/adk/scripted-llm";

export const OAUTH_CLIENT_SECRET = "oauth-client-secret-5150";

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
    oauth2: { clientId: "loupe-test-client", clientSecret: OAUTH_CLIENT_SECRET, redirectUri: "http://127.0.0.1/callback" },
  },
  credentialKey: "calendar_oauth",
} as AuthConfig;

const readCalendar = new FunctionTool({
  name: "read_calendar",
  description: "Reads the user's calendar; needs an OAuth sign-in.",
  parameters: z.object({ day: z.string() }),
  execute: ({ day }, ctx) => {
    const cred = ctx?.getAuthResponse(OAUTH);
    if (!cred) {
      ctx?.requestCredential(OAUTH);
      return { pending_auth: true };
    }
    return { day, events: 0 };
  },
});

export const rootAgent = new LlmAgent({
  name: "oauth_gate",
  description: "Secret-masking test agent: any message makes the model call read_calendar.",
  instruction: "Test agent; the scripted model decides.",
  model: new ScriptedLlm((v) =>
    v.results.length > 0 ? { text: "Waiting for sign-in." } : { calls: [{ name: "read_calendar", args: { day: "today" } }] },
  ),
  tools: [readCalendar],
});
