import { describe, expect, it } from "vitest";
import { cookieName, gate, type GateRequest } from "./security";

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

  it("passes the header token and the cookie token", () => {
    expect(gate(req("/api/connections", { "x-loupe-token": "t0ken" }), opts)).toEqual({ action: "pass" });
    const cookie = `other=1; ${cookieName(6280)}=t0ken`;
    expect(gate(req("/api/connections", { cookie }), opts)).toEqual({ action: "pass" });
  });

  it("does not accept another port's cookie", () => {
    const cookie = `${cookieName(6281)}=t0ken`;
    expect(gate(req("/api/connections", { cookie }), opts)).toMatchObject({ status: 401 });
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

  it("turns the one-time URL into a cookie and drops the token from the address", () => {
    const d = gate(req("/?token=t0ken&tab=tools"), opts);
    expect(d).toEqual({
      action: "redirect",
      location: "/?tab=tools",
      setCookie: `${cookieName(6280)}=t0ken; Path=/; HttpOnly; SameSite=Strict`,
    });
    expect(gate(req("/?token=bad"), opts)).toMatchObject({ status: 401 });
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
    expect(gate(req("/?state=st4te"), o)).toMatchObject({ status: 401 });
    expect(gate({ ...req("/oauth/callback?state=st4te"), method: "POST" }, o)).toMatchObject({ status: 401 });
    // HEAD would run the GET handler (Next) and spend the single-use state.
    expect(gate({ ...req("/oauth/callback?state=st4te"), method: "HEAD" }, o)).toMatchObject({ status: 401 });
  });

  it("keeps the Host and Origin checks", () => {
    expect(gate(req("/oauth/callback?state=st4te", { host: "evil.example:6280" }), o)).toMatchObject({ status: 403 });
    expect(gate(req("/oauth/callback?state=st4te", { origin: "http://evil.example" }), o)).toMatchObject({ status: 403 });
  });

  it("uses this process's pending flows by default (single use, expiring)", async () => {
    const { registerPendingState, consumePendingState } = await import("@/lib/server/oauth/pending-states");
    registerPendingState("live-state", "c1", Date.now() + 60_000);
    registerPendingState("old-state", "c2", Date.now() - 1);
    expect(gate(req("/oauth/callback?code=c&state=live-state"), opts)).toEqual({ action: "pass" });
    expect(gate(req("/oauth/callback?code=c&state=old-state"), opts)).toMatchObject({ status: 401 });
    consumePendingState("live-state");
    expect(gate(req("/oauth/callback?code=c&state=live-state"), opts)).toMatchObject({ status: 401 });
  });
});
