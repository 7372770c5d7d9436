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
