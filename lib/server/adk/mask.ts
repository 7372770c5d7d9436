import "server-only";
import type { InterruptAnswer, StoredAnswer } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionConfig } from "@/lib/contracts/connections";
import { maskConfig, mergeSecrets } from "@/lib/server/secrets";

type Remote = Extract<ConnectionConfig, { url: string }>;

// The header masking rules are the MCP connections' (lib/server/secrets.ts); an agent server's
// headers are run through them as if they were a remote connection's.
function asRemote(headers: Record<string, string>): Remote {
  return { id: "", createdAt: 0, name: "agent", transport: "http", url: "http://agent", headers, requestTimeoutMs: 60_000 };
}

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return maskConfig(asRemote(headers)).headers;
}

/** Incoming headers where SECRET_MASK means "keep the stored value". */
export function mergeHeaders(incoming: Record<string, string>, stored: Record<string, string> | undefined): Record<string, string> {
  const merged = mergeSecrets(asRemote(incoming), stored ? asRemote(stored) : undefined);
  return merged.transport === "stdio" ? {} : merged.headers;
}

/** Keys whose string values are secrets inside an exchanged credential (API key, OAuth tokens and codes, private keys). */
const CREDENTIAL_SECRETS = new Set([
  "apiKey",
  "api_key",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "idToken",
  "id_token",
  "clientSecret",
  "client_secret",
  "authCode",
  "auth_code",
  "authResponseUri",
  "auth_response_uri",
  "token",
  "password",
  // A service account's key (serviceAccount.serviceAccountCredential).
  "privateKey",
  "private_key",
]);
/**
 * Credentials inside an auth config: the exchanged one the client fills, and the raw one the agent
 * declares — which carries the OAuth client secret (adk.md §6.3). Both spellings (Python, JS).
 */
const EXCHANGED = new Set(["exchangedAuthCredential", "exchanged_auth_credential", "rawAuthCredential", "raw_auth_credential"]);

function walk(value: unknown, inCredential: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, inCredential));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // apiKey is a secret wherever it appears; the rest only inside an exchanged credential.
    const secret = (inCredential && CREDENTIAL_SECRETS.has(key)) || key === "apiKey" || key === "api_key";
    out[key] = secret && typeof v === "string" ? SECRET_MASK : walk(v, inCredential || EXCHANGED.has(key));
  }
  return out;
}

/**
 * A deep copy with credential secrets replaced by SECRET_MASK: what the store, the stream and the
 * browser get for a credential answer and for the agent's own events (a credential request's
 * auth config; the real one goes upstream only).
 */
export function maskCredentialSecrets<T>(value: T): T {
  return walk(value, false) as T;
}

export function maskInterruptAnswer(answer: InterruptAnswer): InterruptAnswer {
  if (answer.kind === "credential") return { ...answer, apiKey: SECRET_MASK };
  // The redirect URL carries the OAuth authorization code.
  if (answer.kind === "credential_oauth") return { ...answer, authResponseUri: SECRET_MASK };
  return answer;
}

export function maskStoredAnswer(answer: StoredAnswer): StoredAnswer {
  return { ...answer, answer: maskInterruptAnswer(answer.answer) };
}

/** True when masking took something out of `value` (a masked copy cannot be sent back upstream). */
export function hasMaskedSecret(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes(JSON.stringify(SECRET_MASK));
}
