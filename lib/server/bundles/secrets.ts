import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { urlSecrets } from "@/lib/server/playground/providers/url-secrets";
import { parseRecord, query } from "@/lib/server/rows";
import type { Store } from "@/lib/server/store";
import { isRecord } from "@/lib/values";

/** Shorter values are not masked: masking "1" or "on" everywhere would wreck the file and hide nothing. */
export const MIN_SECRET_LENGTH = 4;

/** Keys whose string value is a secret wherever they appear (compared lower-case). */
const SECRET_KEYS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-loupe-token",
  "api_key",
  "apikey",
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "client_secret",
  "password",
]);

/**
 * Endings of a key (lower-case, separators dropped) that name a credential in any spelling: an ADK
 * JS credential's `accessToken` / `clientSecret`, a state key a tool wrote (`user:github_token`,
 * `app:stripe_api_key`), `DB_PASSWORD`. Only string values are masked, so `tokenCount` numbers stay.
 */
const SECRET_KEY_ENDINGS = ["token", "secret", "password", "passwd", "apikey", "privatekey", "accesskey", "authcode"];
/** Keys that end like a credential but are protocol data the views need (MCP pairs progress with its call by it). */
const NOT_SECRET_KEYS = new Set(["progresstoken"]);

export function isSecretKey(key: string): boolean {
  if (SECRET_KEYS.has(key.toLowerCase())) return true;
  // An ADK state key's scope prefix (app:, user:, temp:) says where it lives, not what it is.
  const bare = key
    .replace(/^(app|user|temp):/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return !NOT_SECRET_KEYS.has(bare) && SECRET_KEY_ENDINGS.some((ending) => bare.endsWith(ending));
}

/** Where the launcher leaves the login token (server.ts), which is not in the environment when it was generated. */
export const LAUNCH_TOKEN_KEY = Symbol.for("loupe.launchToken");

export function tableExists(store: Store, table: string): boolean {
  return store.engine.hasTable(table);
}

/** The JSON column of every row of a table that may not exist yet (its module creates it on first use). */
export function jsonRows(store: Store, table: string, column: string): unknown[] {
  if (!tableExists(store, table)) return [];
  return query<{ v: string }>(store, `SELECT ${column} AS v FROM ${table}`)
    .all()
    .flatMap((r) => {
      try {
        return [parseRecord<unknown>(r.v)];
      } catch {
        return [];
      }
    });
}

/** A saved header or env name that says its value is a secret (API_KEY, X-Auth-Token, DB_PASSWORD, Cookie…). */
const SECRET_NAME = /auth|token|key|secret|pass|cookie|session|credential|bearer|jwt|signature|private/i;

/**
 * Whether a saved value whose name says nothing looks like a secret anyway. Saved headers and env
 * also hold ordinary values (`Accept: application/json`, `NODE_ENV=production`, `DEBUG=true`, a path):
 * masking those everywhere would wreck the bundle — every "application/json" in every message — and
 * hide nothing. Kept: short values, words, numbers, MIME types, paths, URLs without credentials or query.
 */
export function looksLikeSecret(value: string): boolean {
  const v = value.trim();
  if (v.length < 8 || /\s/.test(v)) return false;
  if (/^(true|false|null|undefined|-?\d+(\.\d+)?)$/i.test(v)) return false;
  if (/^[a-z][a-z0-9+.-]*\/[a-z0-9+.*-]+$/i.test(v)) return false; // MIME type
  if (/^[a-z][a-z_.-]*$/i.test(v) && v.length < 24) return false; // a word or dotted name
  if (/^[~.]?\/[\w./@+-]*$/.test(v)) return false; // a path
  if (/^[a-z][a-z0-9+.-]*:\/\/[^@?#\s]*$/i.test(v)) return false; // a URL without user info or query
  return true;
}

/**
 * The secrets among saved name → value pairs (headers, env): every value whose name says it is a
 * secret, every other value that looks like one; for `<scheme> <credential>` values (Bearer, Basic,
 * Token…) the credential alone too — a peer that echoes the token, or a log line that quotes it,
 * shows it without the scheme.
 */
export function savedSecrets(record: unknown): string[] {
  if (!isRecord(record)) return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (typeof value !== "string" || value === SECRET_MASK) continue;
    const credential = /^(?:bearer|basic|token|bot|dpop|apikey|api-key)\s+(\S+)$/i.exec(value.trim())?.[1];
    if (credential) out.push(value, credential);
    else if (SECRET_NAME.test(name) || looksLikeSecret(value)) out.push(value);
  }
  return out;
}

/**
 * A saved URL's credentials (`?api_key=…`, `user:password@`): the file shows the URL itself
 * (`connection.target`) and peers and logs may quote it.
 */
export function savedUrlSecrets(url: unknown): string[] {
  return typeof url === "string" ? urlSecrets(url) : [];
}

/** The value at `path` inside `value`, if every step is an object. */
export function field(value: unknown, ...path: string[]): unknown {
  let at = value;
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return at;
}

/** The secrets of a saved-peers table (lib/server/peers/table.ts): header values and URL credentials. */
export function savedPeerSecrets(store: Store, table: string): string[] {
  return jsonRows(store, table, "config").flatMap((config) => [
    ...savedSecrets(field(config, "headers")),
    ...savedUrlSecrets(field(config, "url")),
  ]);
}

/** The strings among `values` (what a protocol reads from its records may be anything). */
export function strings(values: readonly unknown[]): string[] {
  return values.filter((v): v is string => typeof v === "string");
}

export interface Scrubbed<T> {
  value: T;
  masked: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A copy of `value` with every occurrence of every secret in any string replaced by SECRET_MASK,
 * and every string under a secret-like key (authorization, token, password…) replaced whole.
 * One pass over the tree and one regex per string (longest secret first, so a secret containing
 * another is masked whole): linear in the size of the bundle, whatever the number of events.
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): Scrubbed<T> {
  const usable = [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH && s !== SECRET_MASK);
  usable.sort((a, b) => b.length - a.length);
  const pattern = usable.length ? new RegExp(usable.map(escapeRegExp).join("|"), "g") : null;
  const shortest = usable.length ? usable[usable.length - 1]!.length : Infinity;
  let masked = 0;
  const replace = () => {
    masked++;
    return SECRET_MASK;
  };
  const scrubString = (text: string): string => (pattern && text.length >= shortest ? text.replace(pattern, replace) : text);
  // Strings masked whole for their key: a JSON text is rewritten only when one was found inside it.
  let byKey = 0;
  const walk = (v: unknown, key: string | null): unknown => {
    if (typeof v === "string") {
      if (key !== null && isSecretKey(key) && v !== "" && !v.includes(SECRET_MASK)) {
        byKey++;
        return replace();
      }
      return scrubJsonText(v) ?? scrubString(v);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, null));
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v)) {
        // A JSON "__proto__" key is data: plain assignment would set the copy's prototype instead.
        if (k === "__proto__")
          Object.defineProperty(out, k, { value: walk(child, k), enumerable: true, writable: true, configurable: true });
        else out[k] = walk(child, k);
      }
      return out;
    }
    return v;
  };
  /**
   * A string holding JSON (a trace span's tool response, a tool's text result) has its own keys: a
   * `"access_token": …` inside is masked like one outside. Rewritten only when such a key was found;
   * null otherwise (or when the string is no JSON object or array).
   */
  const scrubJsonText = (text: string): string | null => {
    if (!/^\s*[[{]/.test(text)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const [maskedBefore, byKeyBefore] = [masked, byKey];
    let out: unknown;
    try {
      out = walk(parsed, null);
    } catch {
      // Too deep to walk (a RangeError): the known values are still masked in the text itself.
      out = undefined;
    }
    if (out !== undefined && byKey > byKeyBefore) return scrubString(JSON.stringify(out));
    // No secret key inside: null, so the text as written gets the value scrub (its layout kept).
    [masked, byKey] = [maskedBefore, byKeyBefore];
    return null;
  };
  const result = walk(value, null) as T;
  return { value: result, masked };
}
