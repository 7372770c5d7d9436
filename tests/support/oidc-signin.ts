/**
 * Drives a real sign-in at the HTTP level, as a browser would: Loupe's /auth/login, the provider's
 * authorization endpoint and its login form (tests/support/oidc-provider.ts), back to Loupe's
 * /auth/callback. Cookies are kept per origin; redirects are followed by hand so each hop is seen.
 * Returns the `name=value` of the session cookie Loupe set.
 */
export async function signIn(loupe: string, login: string): Promise<{ cookie: string; setCookie: string; landed: string }> {
  const jar = new Map<string, Map<string, string>>();
  const cookieHeader = (url: URL) => [...(jar.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (url: URL, res: Response) => {
    const cookies = jar.get(url.origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    jar.set(url.origin, cookies);
  };
  let loupeSetCookie = "";
  const go = async (url: URL, init: RequestInit = {}): Promise<{ url: URL; res: Response }> => {
    for (let hops = 0; hops < 20; hops++) {
      const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: cookieHeader(url) } });
      keep(url, res);
      if (url.origin === new URL(loupe).origin && res.headers.getSetCookie().length) loupeSetCookie = res.headers.getSetCookie().join("\n");
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) return { url, res };
      url = new URL(location, url);
      init = {};
    }
    throw new Error("too many redirects");
  };
  const form = await go(new URL("/auth/login?next=%2F%3Fview%3Dinbox", loupe));
  const html = await form.res.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form at ${form.url}: ${form.res.status} ${html.slice(0, 200)}`);
  const done = await go(new URL(action, form.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    // The form's hidden fields too (the provider's `prompt`).
    body: new URLSearchParams({ ...hiddenFields(html), login, password: "any" }).toString(),
  });
  const cookies = jar.get(new URL(loupe).origin) ?? new Map<string, string>();
  const [name, value] = [...cookies].find(([k]) => k.includes("loupe_session_")) ?? [];
  if (!name)
    throw new Error(`no session cookie after sign-in; ended at ${done.url} ${done.res.status}: ${(await done.res.text()).slice(0, 300)}`);
  return { cookie: `${name}=${value}`, setCookie: loupeSetCookie, landed: done.url.pathname + done.url.search };
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const input of html.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input)?.[1] ?? "";
  }
  return fields;
}
