import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import type { AuthEvent } from "@/lib/contracts/auth";
import { getRegistry } from "@/lib/server/mcp/registry";
import { authLog, handleOAuthCallback } from "@/lib/server/mcp/oauth";
import { tempDir } from "@/tests/support/servers";

/**
 * RFC 9207 authorization server issuer identification on Loupe's OAuth callback, against the
 * OAuth fixture server (tests/fixtures/oauth-server.mjs) told what to advertise and send.
 */

// The singletons read these lazily, on first use below.
const data = tempDir("loupe-oauth-iss-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_PUBLIC_URL = "http://127.0.0.1:6998";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/oauth-server.mjs");
let child: ChildProcess;
let base = "";

beforeAll(async () => {
  child = spawn(process.execPath, [FIXTURE, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /OAUTH_FIXTURE_READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
  });
});

afterAll(async () => {
  await getRegistry().closeAll();
  child?.kill("SIGTERM");
  data.cleanup();
});

const tokenRequests = async (): Promise<number> => {
  const state = (await (await fetch(`${base}/admin/state`)).json()) as { seen: { path: string }[] };
  return state.seen.filter((s) => s.path === "/token").length;
};

/**
 * A fresh connection (so discovery reads the metadata as set now), sent to authorize; returns the
 * connection id and the query string the authorization server redirected back with.
 */
async function authorizeWith(mode: { advertise: boolean; send: string }): Promise<{ id: string; callback: URLSearchParams }> {
  await fetch(`${base}/admin/iss`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(mode) });
  const input: ConnectionInput = {
    name: `iss ${mode.advertise} ${mode.send}`,
    transport: "http",
    url: `${base}/mcp`,
    headers: {},
    requestTimeoutMs: 20_000,
    oauth: { enabled: true },
  };
  const view = await getRegistry().create(input);
  expect(view.state.auth?.status).toBe("needs_authorization");
  const res = await fetch(view.state.auth!.authorizationUrl!, { redirect: "manual" });
  expect(res.status).toBe(302);
  return { id: view.id, callback: new URL(res.headers.get("location")!).searchParams };
}

describe("OAuth callback: the authorization server's issuer (RFC 9207)", () => {
  it("accepts an iss that is exactly the issuer of the server's metadata", async () => {
    const { id, callback } = await authorizeWith({ advertise: true, send: "issuer" });
    expect(callback.get("iss")).toBe(base);
    const outcome = await handleOAuthCallback(callback);
    expect(outcome).toEqual({ ok: true, connectionId: id });
    expect(getRegistry().view(id).state.status).toBe("connected");
  });

  it("refuses a response without iss from a server that promised one, and asks for no token", async () => {
    const { id, callback } = await authorizeWith({ advertise: true, send: "omit" });
    expect(callback.get("iss")).toBeNull();
    const before = await tokenRequests();
    const outcome = await handleOAuthCallback(callback);
    expect(outcome.ok).toBe(false);
    expect(outcome).toMatchObject({ connectionId: id });
    expect(outcome.ok === false && outcome.message).toContain("promised an iss parameter");
    expect(await tokenRequests()).toBe(before);
    expect(getRegistry().view(id).state.status).not.toBe("connected");
    const refused = (authLog(id, { limit: 500 }).map((e) => e.raw) as AuthEvent[]).find((e) => e.ok === false);
    expect(refused?.message).toContain("no token was requested");
  });

  it("refuses an iss naming another server even when the metadata did not advertise iss", async () => {
    const { id, callback } = await authorizeWith({ advertise: false, send: "https://evil.example.com" });
    const before = await tokenRequests();
    const outcome = await handleOAuthCallback(callback);
    expect(outcome.ok === false && outcome.message).toContain(`comes from issuer "https://evil.example.com", not from "${base}"`);
    expect(await tokenRequests()).toBe(before);
    expect(getRegistry().view(id).state.status).not.toBe("connected");
  });

  it("compares iss as is: the issuer with a trailing slash is another issuer", async () => {
    const { callback } = await authorizeWith({ advertise: true, send: `${base}/` });
    const before = await tokenRequests();
    const outcome = await handleOAuthCallback(callback);
    expect(outcome.ok).toBe(false);
    expect(await tokenRequests()).toBe(before);
  });

  it("uses the state up even when it refuses: the same response cannot be replayed", async () => {
    const { callback } = await authorizeWith({ advertise: true, send: "omit" });
    await handleOAuthCallback(callback);
    callback.set("iss", base);
    const again = await handleOAuthCallback(callback);
    expect(again.ok === false && again.message).toContain("unknown or was already used");
  });
});

describe("OAuth: the resource moves to another authorization server (SEP-2352)", () => {
  it("reads the resource metadata again when its token is refused, and registers with the new server", async () => {
    await fetch(`${base}/admin/iss`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advertise: false, send: "omit" }),
    });
    const { id, callback } = await authorizeWith({ advertise: false, send: "omit" });
    const registry = getRegistry();
    const firstClient = new URL(registry.view(id).state.auth!.authorizationUrl ?? `${base}/authorize`).searchParams.get("client_id");
    expect(await handleOAuthCallback(callback)).toEqual({ ok: true, connectionId: id });
    expect((await registry.listTools(id, { refresh: true })).tools.length).toBeGreaterThan(0);

    await fetch(`${base}/admin/move-as`, { method: "POST" });
    await expect(registry.listTools(id, { refresh: true })).rejects.toThrow();
    const auth = registry.view(id).state.auth;
    expect(auth?.status).toBe("needs_authorization");
    const url = new URL(auth!.authorizationUrl!);
    expect(url.origin + url.pathname).toBe(`${base}/as2/authorize`);
    expect(url.searchParams.get("client_id")).not.toBe(firstClient);
    const state = (await (await fetch(`${base}/admin/state`)).json()) as { seen: { path: string }[] };
    expect(state.seen.some((s) => s.path === "/as2/register")).toBe(true);

    const res = await fetch(url, { redirect: "manual" });
    expect(await handleOAuthCallback(new URL(res.headers.get("location")!).searchParams)).toEqual({ ok: true, connectionId: id });
    if (registry.view(id).state.status !== "connected") await registry.connect(id);
    expect((await registry.listTools(id, { refresh: true })).tools.length).toBeGreaterThan(0);
  });
});
