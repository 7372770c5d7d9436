import { AppError } from "@/lib/errors";
import { adoptTokenFromUrl, authHeaders, loupeCredentials } from "@/lib/client-token";
import { errorMessage } from "@/lib/values";

// As soon as the page's code loads: the token leaves the address bar before anything renders.
adoptTokenFromUrl();

export interface ApiInit extends Omit<RequestInit, "body"> {
  /** Serialised as JSON (with the matching content-type) unless it is already a string. */
  body?: unknown;
}

/**
 * The browser's one way to reach the server (STYLE rule 1). Every request carries Loupe's token
 * in the `x-loupe-token` header (lib/client-token.ts; never a cookie). Any non-2xx becomes an AppError
 * rebuilt from the `{ error }` body, so `query.error` and `mutation.error` are always AppErrors.
 */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { body, headers, ...rest } = init;
  const h = authHeaders(headers);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    if (!h.has("content-type")) h.set("content-type", "application/json");
  }
  h.set("accept", "application/json");

  let res: Response;
  try {
    res = await fetch(path, { ...rest, headers: h, body: payload, credentials: loupeCredentials() });
  } catch (e) {
    // An aborted request is the caller's choice, not a failure to report as "network".
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new AppError("upstream:network", `Cannot reach the Loupe server: ${errorMessage(e)}`);
  }

  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) throw AppError.fromBody(parsed, res.status);
  return parsed as T;
}

/** A file Loupe serves (a bundle, an audit export) as text, with the same auth; a non-2xx is an AppError. */
export async function apiText(path: string): Promise<string> {
  const res = await fetch(path, { headers: authHeaders(), credentials: loupeCredentials() });
  const text = await res.text();
  if (!res.ok) {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the raw text is the message.
    }
    throw AppError.fromBody(body, res.status);
  }
  return text;
}
