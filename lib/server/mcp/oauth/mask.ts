import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { SECRET_HEADER_NAME } from "@/lib/server/secrets";

/** Form and JSON fields of OAuth requests and answers whose values are secrets. */
const SECRET_FIELDS = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "client_secret",
  "code",
  "code_verifier",
  "client_assertion",
  "assertion",
  "password",
  "registration_access_token",
  "subject_token",
  "actor_token",
  "state",
]);

/** Query parameters masked in a logged URL besides SECRET_FIELDS (keys put in the URL). */
const SECRET_QUERY = new Set(["api_key", "apikey", "api-key", "key", "token", "sig", "signature"]);

/** Bodies longer than this are cut in the log (an auth exchange is small; a big one is not a token). */
export const BODY_LOG_LIMIT = 16 * 1024;

/** Any JSON value with the secret fields (at any depth) replaced by SECRET_MASK. */
export function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) && v != null && v !== "" ? SECRET_MASK : maskJson(v)]),
    );
  }
  return value;
}

/** A form body as an object, secret fields masked. */
export function maskForm(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = SECRET_FIELDS.has(k) && v !== "" ? SECRET_MASK : v;
  return out;
}

/** A URL with secret query parameters (code, state …) masked, for the log. */
export function maskUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  for (const key of [...u.searchParams.keys()]) {
    // Servers spell URL credentials every way (ACCESS_TOKEN, accessToken, auth_token, X-Api-Key):
    // judge the name case-blind, split camelCase, and by the same look as a secret header's name.
    const lower = key.toLowerCase();
    const words = key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    if (SECRET_FIELDS.has(lower) || SECRET_QUERY.has(lower) || SECRET_HEADER_NAME.test(lower) || SECRET_HEADER_NAME.test(words)) {
      u.searchParams.set(key, SECRET_MASK);
    }
  }
  if (u.username || u.password) {
    u.username = SECRET_MASK;
    u.password = "";
  }
  return u.toString();
}

/**
 * A request or response body as text → what the log shows: parsed JSON or form, masked; text
 * that is neither is kept (cut) only when it cannot hold a field we know to be secret.
 */
export function maskBodyText(text: string, contentType: string | null): unknown {
  if (text === "") return undefined;
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("json") || /^\s*[[{]/.test(text)) {
    try {
      return maskJson(JSON.parse(text));
    } catch {
      // fall through: not JSON after all
    }
  }
  if (type.includes("x-www-form-urlencoded") || /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(text.trim())) {
    return maskForm(new URLSearchParams(text));
  }
  const cut = text.length > BODY_LOG_LIMIT ? `${text.slice(0, BODY_LOG_LIMIT)}…` : text;
  return [...SECRET_FIELDS].some((f) => cut.includes(f)) ? SECRET_MASK : cut;
}
