import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { extractInterrupts } from "@/lib/protocols/adk/interrupts";
import { answerMessage } from "@/lib/server/adk/answers";
import { maskInterruptAnswer } from "@/lib/server/adk/mask";
import { maskCredentialSecrets } from "@/lib/server/secrets";

const ctx = { connectionId: "a", sessionKey: "app/u/s" };

/** A Python-style OAuth2 credential request (camelCase args, adk.md §6.3). */
const oauthRequest = {
  id: "ev1",
  invocationId: "e-1",
  author: "agent",
  content: {
    role: "model",
    parts: [
      {
        functionCall: {
          id: "cred-1",
          name: "adk_request_credential",
          args: {
            functionCallId: "tool-1",
            authConfig: {
              authScheme: { type: "oauth2" },
              credentialKey: "k",
              exchangedAuthCredential: {
                authType: "oauth2",
                oauth2: { clientId: "cid", clientSecret: "shh", authUri: "https://idp/auth?state=x" },
              },
            },
          },
        },
      },
    ],
  },
  longRunningToolIds: ["cred-1"],
};

describe("answer messages", () => {
  const [interrupt] = extractInterrupts([oauthRequest], ctx);

  it("builds the OAuth2 reply from the requested authConfig and masks it for the record", () => {
    const msg = answerMessage(interrupt!, {
      kind: "credential_oauth",
      authResponseUri: "https://app/cb?code=abc",
      redirectUri: "https://app/cb",
    });
    const response = (
      msg.parts[0] as {
        functionResponse: { id: string; name: string; response: { exchangedAuthCredential: { oauth2: Record<string, string> } } };
      }
    ).functionResponse;
    expect(response.id).toBe("cred-1");
    expect(response.name).toBe("adk_request_credential");
    expect(response.response.exchangedAuthCredential.oauth2).toEqual({
      clientId: "cid",
      clientSecret: "shh",
      authUri: "https://idp/auth?state=x",
      authResponseUri: "https://app/cb?code=abc",
      redirectUri: "https://app/cb",
    });
    const masked = JSON.stringify(maskCredentialSecrets(msg));
    expect(masked).not.toContain("code=abc");
    expect(masked).not.toContain("shh");
    expect(masked).toContain('"clientId":"cid"');
    expect(JSON.stringify(msg)).toContain("code=abc");
  });

  it("refuses an answer of another kind", () => {
    expect(() => answerMessage(interrupt!, { kind: "confirmation", confirmed: true })).toThrow(/cannot answer a credential/);
  });

  it("masks API keys and OAuth redirect URLs in stored answers as shown", () => {
    expect(maskInterruptAnswer({ kind: "credential", apiKey: "k" })).toEqual({ kind: "credential", apiKey: SECRET_MASK });
    expect(maskInterruptAnswer({ kind: "credential_oauth", authResponseUri: "https://x/?code=1" })).toEqual({
      kind: "credential_oauth",
      authResponseUri: SECRET_MASK,
    });
    expect(maskInterruptAnswer({ kind: "input", value: 1 })).toEqual({ kind: "input", value: 1 });
  });

  it("masks the OAuth client secret of an auth config in both spellings, raw and exchanged credentials", () => {
    const camel = {
      authScheme: { type: "oauth2" },
      rawAuthCredential: { authType: "oauth2", oauth2: { clientId: "cid", clientSecret: "raw-shh" } },
      exchangedAuthCredential: { authType: "oauth2", oauth2: { clientId: "cid", clientSecret: "ex-shh", authUri: "https://idp/a" } },
    };
    const snake = {
      auth_scheme: { type: "oauth2" },
      raw_auth_credential: { auth_type: "oauth2", oauth2: { client_id: "cid", client_secret: "raw-snake-shh" } },
      exchanged_auth_credential: { auth_type: "oauth2", oauth2: { client_id: "cid", client_secret: "ex-snake-shh" } },
    };
    const event = {
      ...oauthRequest,
      actions: { requestedAuthConfigs: { "tool-1": camel } },
      content: {
        role: "model",
        parts: [{ functionCall: { id: "c", name: "adk_request_credential", args: { function_call_id: "t", auth_config: snake } } }],
      },
    };
    const text = JSON.stringify(maskCredentialSecrets(event));
    for (const secret of ["raw-shh", "ex-shh", "raw-snake-shh", "ex-snake-shh"]) expect(text).not.toContain(secret);
    expect(text).toContain('"clientId":"cid"');
    expect(text).toContain('"client_id":"cid"');
    expect(text).toContain('"authUri":"https://idp/a"');
  });

  it("masks a service account's private key in a raw or exchanged credential, both spellings", () => {
    const config = {
      authScheme: { type: "oauth2" },
      rawAuthCredential: {
        authType: "serviceAccount",
        serviceAccount: { serviceAccountCredential: { clientEmail: "sa@p.iam", privateKey: "-----BEGIN PRIVATE KEY-----camel" } },
      },
      exchanged_auth_credential: {
        auth_type: "service_account",
        service_account: { service_account_credential: { client_email: "sa@p.iam", private_key: "-----BEGIN PRIVATE KEY-----snake" } },
      },
    };
    const text = JSON.stringify(maskCredentialSecrets(config));
    expect(text).not.toContain("BEGIN PRIVATE KEY");
    expect(text).toContain('"clientEmail":"sa@p.iam"');
  });
});
