/**
 * Answers to ADK pauses: each builder returns the exact `newMessage` Content for the next
 * `/run_sse` (adk.md §6; the shapes in shared/fixtures/adk-js/*.request.json).
 */
import { isRecord } from "@/lib/values";
import { field, rec, type JsonRecord } from "./guards";
import type { AdkInterrupt } from "./interrupts";
import type { AdkContent } from "./types";

type Of<K extends AdkInterrupt["kind"]> = Extract<AdkInterrupt, { kind: K }>;

function functionResponse(id: string, name: string, response: unknown): AdkContent {
  return { role: "user", parts: [{ functionResponse: { id, name, response } }] };
}

/**
 * `{confirmed, payload?}` to `adk_request_confirmation`, addressed to the confirmation call's id
 * (not the original tool's id; adk.md §0.7).
 */
export function confirmationResponse(interrupt: Of<"confirmation">, confirmed: boolean, payload?: unknown): AdkContent {
  const response = payload === undefined ? { confirmed } : { confirmed, payload };
  return functionResponse(interrupt.id, interrupt.callName, response);
}

/**
 * An object reply is sent as is (it should match `response_schema`); any other value is wrapped
 * as `{result: value}` (adk.md §0.9).
 */
export function inputResponse(interrupt: Of<"input">, value: unknown): AdkContent {
  const response = isRecord(value) ? value : { result: value };
  return functionResponse(interrupt.id, interrupt.callName, response);
}

export type CredentialAnswer = { apiKey: string } | { authResponseUri: string; redirectUri?: string };

/**
 * The request's authConfig with `exchangedAuthCredential` filled: `{authType:"apiKey", apiKey}`,
 * or for OAuth2 the requested credential plus `oauth2.authResponseUri` (+`redirectUri`), as
 * adk-web's sendOAuthResponse does (adk.md §6.3). The key spelling of the request is kept.
 */
export function credentialResponse(interrupt: Of<"credential">, answer: CredentialAnswer): AdkContent {
  const config: JsonRecord = structuredClone(interrupt.authConfig);
  const snake = "exchanged_auth_credential" in config && !("exchangedAuthCredential" in config);
  const key = snake ? "exchanged_auth_credential" : "exchangedAuthCredential";
  if ("apiKey" in answer) {
    config[key] = { authType: "apiKey", apiKey: answer.apiKey };
  } else {
    const exchanged = rec(field(config, "exchangedAuthCredential")) ?? { authType: "oauth2" };
    const oauth2 = rec(exchanged.oauth2) ?? {};
    config[key] = {
      ...exchanged,
      oauth2: {
        ...oauth2,
        authResponseUri: answer.authResponseUri,
        ...(answer.redirectUri !== undefined ? { redirectUri: answer.redirectUri } : {}),
      },
    };
  }
  return functionResponse(interrupt.id, interrupt.callName, config);
}

/** The final result of a long-running tool, under the tool's own name and call id (adk.md §6.2). */
export function longRunningResponse(interrupt: Of<"long_running">, response: unknown): AdkContent {
  return functionResponse(interrupt.id, interrupt.callName, response);
}

/** A plain text user turn (also answers a workflow `adk_request_input`, adk.md §6.4). */
export function textMessage(text: string): AdkContent {
  return { role: "user", parts: [{ text }] };
}
