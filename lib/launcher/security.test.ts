import { describe, expect, it } from "vitest";
import { expireLegacyCookies, FRAME_HEADERS, gate, gateUpgrade, type GateRequest } from "./security";

const opts = { token: "t0ken", port: 6280 };
const req = (url: string, headers: GateRequest["headers"] = {}): GateRequest => ({
  method: "GET",
  url,
  headers: { host: "127.0.0.1:6280", ...headers },
});

describe("gate", () => {
  it("refuses /api without a token (401)", () => {
    expect(gate(req("/api/connections"), opts)).toMatchObject({ action: "reject", status: 401 });
  });

  it("refuses a wrong token (401)", () => {
    expect(gate(req("/api/connections", { "x-loupe-token": "nope" }), opts)).toMatchObject({
      action: "reject",
      status: 401,
      message: "Wrong token",
    });
  });

  it("passes the header token and accepts no cookie, not even Loupe's own old one", () => {
    expect(gate(req("/api/connections", { "x-loupe-token": "t0ken" }), opts)).toEqual({ action: "pass" });
    // Cookies reach every port of 127.0.0.1: a token in one would be handed to other local servers.
    for (const cookie of ["loupe_token_6280=t0ken", "other=1; loupe_token_6280=t0ken", "x-loupe-token=t0ken"]) {
      expect(gate(req("/api/connections", { cookie }), opts)).toMatchObject({ action: "reject", status: 401 });
      expect(gate(req("/api/connections", { cookie, "sec-fetch-site": "same-origin" }), opts)).toMatchObject({ status: 401 });
    }
  });

  it("serves the page shell and build assets without a token, nothing else", () => {
    for (const path of ["/", "/?c=abc&tab=tools", "/?_rsc=1x", "/_next/static/chunks/a.js", "/favicon.ico", "/icon.svg"]) {
      expect(gate(req(path), opts)).toEqual({ action: "pass" });
    }
    for (const path of ["/api/connections", "/api/stream", "/api/entries/1", "/_next/image?url=%2Fapi%2Fconnections", "/other"]) {
      expect(gate(req(path), opts)).toMatchObject({ action: "reject", status: 401 });
    }
    // A state-changing request to the shell still needs the token (Next server actions post there).
    expect(gate({ ...req("/"), method: "POST" }, opts)).toMatchObject({ status: 401 });
    expect(gate({ ...req("/", { "x-loupe-token": "t0ken" }), method: "POST" }, opts)).toEqual({ action: "pass" });
  });

  it("checks the one-time URL's token without setting any cookie (the page keeps it)", () => {
    expect(gate(req("/?token=t0ken&tab=tools"), opts)).toEqual({ action: "pass" });
    expect(gate(req("/?token=bad"), opts)).toMatchObject({ action: "reject", status: 401, message: "Wrong token" });
    // The one-time URL is for the page only: /api never takes the token from the query.
    expect(gate(req("/api/connections?token=t0ken"), opts)).toMatchObject({ status: 401 });
  });

  it("refuses state-changing requests from another site or another port, even with the token", () => {
    const post = (site: string | undefined) => ({
      ...req("/api/connections", { "x-loupe-token": "t0ken", ...(site ? { "sec-fetch-site": site } : {}) }),
      method: "POST",
    });
    expect(gate(post("same-origin"), opts)).toEqual({ action: "pass" });
    expect(gate(post(undefined), opts)).toEqual({ action: "pass" }); // scripts, curl
    for (const site of ["same-site", "cross-site", "none"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        expect(gate({ ...post(site), method }, opts)).toMatchObject({ action: "reject", status: 403 });
      }
    }
    // Reads of the API from another port are refused too; the page shell may be navigated to.
    expect(gate(req("/api/connections", { "x-loupe-token": "t0ken", "sec-fetch-site": "same-site" }), opts)).toMatchObject({ status: 403 });
    expect(gate(req("/", { "sec-fetch-site": "cross-site" }), opts)).toEqual({ action: "pass" });
  });

  it("expires the token cookies of earlier versions, whatever their port", () => {
    expect(expireLegacyCookies(undefined)).toEqual([]);
    expect(expireLegacyCookies("theme=dark")).toEqual([]);
    expect(expireLegacyCookies("loupe_token_6280=t0ken; theme=dark; loupe_token_7000=x; loupe_token_x=1")).toEqual([
      "loupe_token_6280=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict",
      "loupe_token_7000=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict",
    ]);
  });

  it("forbids framing on every response", () => {
    expect(FRAME_HEADERS).toMatchObject({ "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" });
  });

  it("refuses a foreign Host even with the token (403)", () => {
    const r = req("/api/connections", { host: "evil.example", "x-loupe-token": "t0ken" });
    expect(gate(r, opts)).toMatchObject({ action: "reject", status: 403 });
    expect(gate(req("/", { host: "evil.example:6280" }), opts)).toMatchObject({ status: 403 });
  });

  it("refuses a foreign Origin even with the token (403)", () => {
    const r = req("/api/connections", { origin: "http://evil.example", "x-loupe-token": "t0ken" });
    expect(gate(r, opts)).toMatchObject({ action: "reject", status: 403 });
    expect(gate(req("/api/x", { origin: "null", "x-loupe-token": "t0ken" }), opts)).toMatchObject({ status: 403 });
  });

  it("accepts loopback origins on the same port", () => {
    for (const origin of ["http://127.0.0.1:6280", "http://localhost:6280"]) {
      expect(gate(req("/api/x", { origin, "x-loupe-token": "t0ken" }), opts)).toEqual({ action: "pass" });
    }
    expect(gate(req("/api/x", { origin: "http://localhost:9999", "x-loupe-token": "t0ken" }), opts)).toMatchObject({
      status: 403,
    });
  });

  it("answers a path with broken percent-encoding 400, not Next's 500 (after the token and origin checks)", () => {
    const withToken = { "x-loupe-token": "t0ken" };
    for (const path of ["/api/connections/%C0", "/api/connections/demo%ZZ/tools", "/api/entries/%E2%80"]) {
      expect(gate(req(path, withToken), opts)).toMatchObject({ action: "reject", status: 400 });
      expect(gate(req(path), opts)).toMatchObject({ action: "reject", status: 401 });
      expect(gate(req(path, { ...withToken, origin: "http://evil.example" }), opts)).toMatchObject({ status: 403 });
    }
    // Well-formed escapes (and a broken one in the query, which routes read themselves) still pass.
    for (const path of ["/api/connections/a%20b", "/api/connections/%E2%80%AE", "/api/connections?x=%C0"]) {
      expect(gate(req(path, withToken), opts)).toEqual({ action: "pass" });
    }
  });

  it("checks WebSocket upgrades (the dev server's HMR socket) for Host, Origin with its port, and Sec-Fetch-Site", () => {
    // Next's own dev check compares host names only, so a page on another local port passed it.
    const up = (headers: GateRequest["headers"]) => req("/_next/webpack-hmr", headers);
    expect(gateUpgrade(up({ origin: "http://127.0.0.1:6280", "sec-fetch-site": "same-origin" }), opts)).toEqual({ action: "pass" });
    expect(gateUpgrade(up({}), opts)).toEqual({ action: "pass" }); // scripts, no browser
    for (const headers of [
      { origin: "http://127.0.0.1:9999" },
      { origin: "http://localhost:9999", "sec-fetch-site": "same-site" },
      { origin: "null" },
      { origin: "http://evil.example" },
      { host: "evil.example:6280", origin: "http://evil.example:6280" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      expect(gateUpgrade(up(headers), opts), JSON.stringify(headers)).toMatchObject({ action: "reject", status: 403 });
    }
  });

  it("serves build assets without a token but still checks Host", () => {
    expect(gate(req("/_next/static/chunks/a.js"), opts)).toEqual({ action: "pass" });
    expect(gate(req("/_next/static/chunks/a.js", { host: "evil.example" }), opts)).toMatchObject({ status: 403 });
  });
});

describe("gate: OAuth callback exemption", () => {
  const pending = new Set(["st4te"]);
  const o = { ...opts, isOAuthState: (s: string) => pending.has(s) };

  it("passes the callback without the token only with a pending state", () => {
    expect(gate(req("/oauth/callback?code=c&state=st4te"), o)).toEqual({ action: "pass" });
    expect(gate(req("/oauth/callback?code=c&state=other"), o)).toMatchObject({
      action: "reject",
      status: 401,
      message: expect.stringContaining("This authorization is no longer pending"),
    });
    expect(gate(req("/oauth/callback?code=c"), o)).toMatchObject({ action: "reject", status: 401 });
    expect(gate(req("/oauth/callback?error=access_denied&state=st4te"), o)).toEqual({ action: "pass" });
  });

  it("exempts exactly the callback path and GET", () => {
    expect(gate(req("/api/connections?state=st4te"), o)).toMatchObject({ status: 401 });
    expect(gate(req("/oauth/callback/x?state=st4te"), o)).toMatchObject({ status: 401 });
    expect(gate(req("/other?state=st4te"), o)).toMatchObject({ status: 401 });
    expect(gate({ ...req("/oauth/callback?state=st4te"), method: "POST" }, o)).toMatchObject({ status: 401 });
    // HEAD would run the GET handler (Next) and spend the single-use state.
    expect(gate({ ...req("/oauth/callback?state=st4te"), method: "HEAD" }, o)).toMatchObject({ status: 401 });
  });

  it("keeps the Host and Origin checks", () => {
    expect(gate(req("/oauth/callback?state=st4te", { host: "evil.example:6280" }), o)).toMatchObject({ status: 403 });
    expect(gate(req("/oauth/callback?state=st4te", { origin: "http://evil.example" }), o)).toMatchObject({ status: 403 });
  });

  it("uses this process's pending flows by default (single use, expiring)", async () => {
    const { registerPendingState, consumePendingState } = await import("@/lib/server/mcp/oauth/pending-states");
    registerPendingState("live-state", "c1", Date.now() + 60_000);
    registerPendingState("old-state", "c2", Date.now() - 1);
    expect(gate(req("/oauth/callback?code=c&state=live-state"), opts)).toEqual({ action: "pass" });
    expect(gate(req("/oauth/callback?code=c&state=old-state"), opts)).toMatchObject({ status: 401 });
    consumePendingState("live-state");
    expect(gate(req("/oauth/callback?code=c&state=live-state"), opts)).toMatchObject({ status: 401 });
  });
});
