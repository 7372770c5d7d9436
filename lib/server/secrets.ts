import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionConfig, ConnectionInput } from "@/lib/contracts/connections";

function maskValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, SECRET_MASK]));
}

type RemoteInput = Exclude<ConnectionInput, { transport: "stdio" }>;

/** The OAuth settings' secret fields: shown masked, a mask sent back means "keep". */
const OAUTH_SECRETS = ["clientSecret", "privateKey"] as const;

function maskOAuth(oauth: RemoteInput["oauth"]): RemoteInput["oauth"] {
  if (!oauth) return oauth;
  const out = { ...oauth };
  for (const key of OAUTH_SECRETS) if (out[key]) out[key] = SECRET_MASK;
  return out;
}

function mergeOAuth(incoming: NonNullable<RemoteInput["oauth"]>, stored: RemoteInput["oauth"]): NonNullable<RemoteInput["oauth"]> {
  const out = { ...incoming };
  for (const key of OAUTH_SECRETS) {
    if (out[key] !== SECRET_MASK) continue;
    // Same rule as headers: the mask means "keep"; with nothing stored behind it, no secret.
    const kept = stored?.[key];
    if (kept !== undefined) out[key] = kept;
    else delete out[key];
  }
  return out;
}

/**
 * The config as every API response shows it: env and header values and the OAuth client
 * secret replaced by SECRET_MASK.
 */
export function maskConfig<T extends ConnectionInput>(config: T): T {
  if (config.transport === "stdio") return { ...config, env: maskValues(config.env) };
  const oauth = maskOAuth(config.oauth);
  return { ...config, headers: maskValues(config.headers), ...(oauth ? { oauth } : {}) };
}

function mergeValues(incoming: Record<string, string>, stored: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (value !== SECRET_MASK) {
      out[key] = value;
      continue;
    }
    const kept = stored?.[key];
    // A mask with nothing stored behind it is not a value anyone typed: drop it, never save the mask.
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/**
 * An edited config as sent back by the UI: values equal to SECRET_MASK mean "keep what is
 * stored" (the browser never saw the secret). Keys absent from the input are removed.
 */
export function mergeSecrets(incoming: ConnectionInput, stored: ConnectionConfig | undefined): ConnectionInput {
  if (incoming.transport === "stdio") {
    const prev = stored?.transport === "stdio" ? stored.env : undefined;
    return { ...incoming, env: mergeValues(incoming.env, prev) };
  }
  const prevRemote = stored && stored.transport !== "stdio" ? stored : undefined;
  const merged: RemoteInput = { ...incoming, headers: mergeValues(incoming.headers, prevRemote?.headers) };
  if (incoming.oauth) merged.oauth = mergeOAuth(incoming.oauth, prevRemote?.oauth);
  return merged;
}

/** Saved header values as every API response shows them: each one replaced by SECRET_MASK (any peer's headers). */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return maskValues(headers);
}

/** Header names whose values are secrets; `authorization` keeps its scheme ("Bearer ••••••"). */
const SECRET_HEADERS = new Set(["cookie", "set-cookie", "x-loupe-token", "proxy-authorization"]);
/** Header names that by their look carry a credential (X-Api-Key, X-Auth-Token, Api-Secret, X-A2A-Notification-Token…). */
export const SECRET_HEADER_NAME = /(^|[-_])(api[-_]?key|apikey|token|secret|password|auth|credentials?)([-_]|$)/;

/**
 * Headers as recorded on the wire (any protocol's requests, answers and pushes): credentials masked
 * by name, `authorization` keeping its scheme, and `extra` (lower-case names: the peer's saved
 * headers, any of which may be a credential); the protocol's own (Accept, Content-Type,
 * A2A-Version, User-Agent…) stay readable, since they are what a developer debugs.
 */
export function maskWireHeaders(headers: Headers | Record<string, string>, extra?: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (lower === "authorization") {
      const scheme = value.trim().split(/\s+/)[0];
      out[name] = scheme && scheme !== value.trim() ? `${scheme} ${SECRET_MASK}` : SECRET_MASK;
    } else if (SECRET_HEADERS.has(lower) || SECRET_HEADER_NAME.test(lower) || extra?.has(lower)) {
      out[name] = SECRET_MASK;
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** The lower-case names of a peer's saved headers: masked wherever they are recorded. */
export const savedHeaderNames = (saved: Record<string, string>): ReadonlySet<string> =>
  new Set(Object.keys(saved).map((k) => k.toLowerCase()));

/** Incoming headers where SECRET_MASK means "keep the stored value" (the browser never saw it). */
export function mergeHeaders(incoming: Record<string, string>, stored: Record<string, string> | undefined): Record<string, string> {
  return mergeValues(incoming, stored);
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

function walkCredentials(value: unknown, inCredential: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => walkCredentials(v, inCredential));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // apiKey is a secret wherever it appears; the rest only inside an exchanged credential.
    const secret = (inCredential && CREDENTIAL_SECRETS.has(key)) || key === "apiKey" || key === "api_key";
    out[key] = secret && typeof v === "string" ? SECRET_MASK : walkCredentials(v, inCredential || EXCHANGED.has(key));
  }
  return out;
}

/** A deep copy with every string equal to one of `secrets` (a credential being sent) replaced by SECRET_MASK. */
export function maskSecretValues(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return secrets.includes(value) ? SECRET_MASK : value;
  if (Array.isArray(value)) return value.map((v) => maskSecretValues(v, secrets));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecretValues(v, secrets)]));
  return value;
}

/**
 * A deep copy with credential secrets replaced by SECRET_MASK: what the store, the stream and the
 * browser get for a credential answer and for an agent's own events (a credential request's auth
 * config; the real one goes upstream only), and what a converted session file keeps.
 */
export function maskCredentialSecrets<T>(value: T): T {
  return walkCredentials(value, false) as T;
}

/** True when masking took something out of `value` (a masked copy cannot be sent back upstream). */
export function hasMaskedSecret(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes(JSON.stringify(SECRET_MASK));
}
