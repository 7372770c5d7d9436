import "server-only";

/**
 * Credentials typed into a base URL: `https://user:secret@host/v1`, `…?api_key=…`. The request
 * still uses them (userinfo as Basic authorization, the query on every request: see endpointOf),
 * but every URL Loupe returns or records is masked (maskUrl), like the keys themselves.
 */

export const MASK = "***";

/** Query parameters whose values are credentials (key, api_key, apiKey, token, access_token, sig…). */
const SECRET_PARAM = /key|token|secret|password|passwd|auth|sig|credential/i;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The credential values in a URL (the password, a lone user name, key-like query values), raw and encoded. */
export function urlSecrets(url: string | undefined): string[] {
  const u = url ? parse(url) : null;
  if (!u) return [];
  const found = new Set<string>();
  const add = (v: string) => {
    if (!v || v === MASK) return;
    let plain = v;
    try {
      plain = decodeURIComponent(v);
    } catch {
      // not %-encoded text: the raw form is the value
    }
    // As typed, as sent, and as an error message may quote it.
    for (const form of [v, plain, encodeURIComponent(plain)]) found.add(form);
  };
  if (u.password) add(u.password);
  else if (u.username) add(u.username);
  for (const [name, value] of u.searchParams) if (SECRET_PARAM.test(name)) add(value);
  return [...found];
}

/** The URL with its credentials replaced by `***` (anything not a URL is returned unchanged). */
export function maskUrl(url: string): string;
export function maskUrl(url: string | undefined): string | undefined;
export function maskUrl(url: string | undefined): string | undefined {
  const u = url ? parse(url) : null;
  if (!u) return url;
  if (!u.password && !u.username && ![...u.searchParams.keys()].some((n) => SECRET_PARAM.test(n))) return url;
  if (u.password) u.password = MASK;
  else if (u.username) u.username = MASK;
  for (const name of [...new Set(u.searchParams.keys())]) if (SECRET_PARAM.test(name)) u.searchParams.set(name, MASK);
  return u.href;
}

/**
 * A URL sent back as Loupe showed it (masked, e.g. a column's config re-sent by the setup
 * panel): the real URL among `known` that masks to it; otherwise the given one.
 */
export function unmaskUrl(given: string | undefined, known: (string | undefined)[]): string | undefined {
  if (!given || !given.includes(MASK)) return given;
  return known.find((real) => real !== undefined && real !== given && maskUrl(real) === given) ?? given;
}

export interface Endpoint {
  /** The base URL for the provider SDK: without userinfo and query (the SDKs append paths to it). */
  baseUrl: string;
  /** The base URL's query, added to every request. */
  query: [string, string][];
  /** `Basic …` from the userinfo, sent when the request carries no Authorization of its own. */
  authorization?: string;
}

/** Splits a base URL into what the SDK is given and what the capturing fetch adds to each request. */
export function endpointOf(baseUrl: string | undefined): Endpoint | undefined {
  const u = baseUrl ? parse(baseUrl) : null;
  if (!u || !baseUrl) return undefined;
  if (!u.username && !u.password && !u.search) return { baseUrl, query: [] };
  const query = [...u.searchParams];
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  const authorization = u.username || u.password ? `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}` : undefined;
  u.username = "";
  u.password = "";
  u.search = "";
  return {
    baseUrl: u.href.replace(/\/$/, baseUrl.replace(/[?#].*$/, "").endsWith("/") ? "/" : ""),
    query,
    ...(authorization ? { authorization } : {}),
  };
}
