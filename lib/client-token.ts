/**
 * Loupe's per-launch token on the browser side. The printed one-time URL `/?token=…` is read by
 * the page itself, kept in `localStorage` and dropped from the address bar; every request to
 * /api then sends it in the `x-loupe-token` header (lib/api-client.ts, hooks/use-event-stream.ts).
 *
 * Why not a cookie: browsers send cookies to every port of a host, so a cookie for 127.0.0.1
 * reaches any other local web server the user opens. Web storage is scoped to the origin, port
 * included. Why `localStorage` rather than `sessionStorage`: tabs Loupe's own pages open (a link
 * opened in a new tab, the OAuth callback, a duplicated tab) must keep working, and
 * sessionStorage is per tab. The token changes with each launch (unless LOUPE_TOKEN fixes it),
 * and a newer printed URL replaces the stored one.
 */
export const TOKEN_HEADER = "x-loupe-token";
const STORAGE_KEY = "loupe.token";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser: the page then gets 401s that say what to do
  }
}

/** Takes `?token=` from the address bar into storage and removes it from the URL (and history). */
export function adoptTokenFromUrl(): void {
  if (typeof window === "undefined") return;
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (token === null) return;
  if (token) storage()?.setItem(STORAGE_KEY, token);
  url.searchParams.delete("token");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

/** The token to send, or null when this browser never opened the printed URL of this Loupe. */
export function loupeToken(): string | null {
  adoptTokenFromUrl();
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

/**
 * Whether a request sends cookies: never with the token (local mode; cookies ignore ports, so the
 * host's cookies are other servers' business). Without a token the page is in team mode, signed in
 * by its session cookie (issue 25: HttpOnly, so the page never reads it), which only same-origin
 * requests carry.
 */
export function loupeCredentials(): RequestCredentials {
  return loupeToken() ? "omit" : "same-origin";
}

/** Headers for a request to Loupe's own API. */
export function authHeaders(headers?: HeadersInit): Headers {
  const h = new Headers(headers);
  const token = loupeToken();
  if (token) h.set(TOKEN_HEADER, token);
  return h;
}
