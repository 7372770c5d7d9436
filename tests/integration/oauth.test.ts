import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput, ConnectionView } from "@/lib/contracts/connections";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { Entry } from "@/lib/contracts/entries";
import { getRegistry } from "@/lib/server/mcp/registry";
import { oauthFor } from "@/lib/server/mcp/oauth/connection-auth";
import { AuthorizationRequiredError, LoupeOAuthProvider } from "@/lib/server/mcp/oauth/provider";
import { authLog, authSummary, completeAuthorization, handleOAuthCallback, signOut, startAuthorization } from "@/lib/server/mcp/oauth";
import type { AuthEvent, AuthHttpExchange } from "@/lib/contracts/auth";
import { tempDir } from "@/tests/support/servers";

// The singletons read these lazily, on first use below.
const data = tempDir("loupe-oauth-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_PUBLIC_URL = "http://127.0.0.1:6999";
const CALLBACK = "http://127.0.0.1:6999/oauth/callback";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/oauth-server.mjs");
let child: ChildProcess;
let base = "";

async function startFixture(): Promise<void> {
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
}

interface FixtureState {
  issued: { access: string[]; refresh: string[]; secrets: string[] };
  seen: { path: string; grant?: string; authorization: string | null; method?: string }[];
}
const fixtureState = async (): Promise<FixtureState> => (await fetch(`${base}/admin/state`)).json() as Promise<FixtureState>;

/** Plays the browser: follows the authorization URL (the fixture approves at once) to the callback. */
async function approve(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(CALLBACK);
  return location;
}

const exchanges = (id: string): AuthHttpExchange[] =>
  authLog(id, { limit: 2000 })
    .filter((e) => e.kind === "auth_http")
    .map((e) => e.raw as AuthHttpExchange);
const events = (id: string): AuthEvent[] =>
  authLog(id, { limit: 2000 })
    .filter((e) => e.kind === "auth_event")
    .map((e) => e.raw as AuthEvent);

function input(extra: Partial<Exclude<ConnectionInput, { transport: "stdio" }>> = {}): ConnectionInput {
  return {
    name: "oauth-fixture",
    transport: "http",
    url: `${base}/mcp`,
    headers: {},
    requestTimeoutMs: 20_000,
    oauth: { enabled: true },
    ...extra,
  };
}

/** Every recorded entry and view of the connection, as one string to search for secrets. */
function everythingShown(id: string): string {
  const registry = getRegistry();
  const traffic: Entry[] = registry.traffic(id, { limit: 10_000 });
  return JSON.stringify([traffic, registry.view(id), authSummary(id), authLog(id, { limit: 2000 })]);
}

beforeAll(startFixture);

afterAll(async () => {
  await getRegistry().closeAll();
  child?.kill("SIGTERM");
  data.cleanup();
});

describe("OAuth 2.1 against an OAuth-protected MCP server", () => {
  let id = "";
  let first: ConnectionView;

  it("fails the first connect with an auth step in words and an authorization URL", async () => {
    first = await getRegistry().create(input());
    id = first.id;
    expect(first.state.status).toBe("error");
    expect(first.state.error?.message).toBe("Authorization needed: open the authorization page");
    // Needs classifyConnectError to map UnauthorizedError to "auth" (lib/server/mcp/transports.ts).
    expect(first.state.error?.step).toBe("auth");
    expect(first.state.auth?.status).toBe("needs_authorization");
    const url = new URL(first.state.auth!.authorizationUrl!);
    expect(url.origin + url.pathname).toBe(`${base}/authorize`);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("mcp:read");
    expect(url.searchParams.get("client_id")).toMatch(/^dyn-/);
  });

  it("logs the discovery and the dynamic registration, in order, with the 401 challenge", () => {
    const log = exchanges(id);
    const phases = log.map((x) => x.phase);
    expect(phases[0]).toBe("resource");
    expect(log[0]!.status).toBe(401);
    expect(log[0]!.responseHeaders["www-authenticate"]).toContain("resource_metadata=");
    const order = ["resource", "prm-discovery", "as-discovery", "registration"].map((p) => phases.indexOf(p as AuthHttpExchange["phase"]));
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!))).toBe(true);
    const registration = log.find((x) => x.phase === "registration")!;
    expect(registration.status).toBe(201);
    expect(registration.requestBody).toMatchObject({ client_name: "Loupe", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" });
    expect(events(id).some((e) => e.event === "authorization_needed")).toBe(true);
  });

  it("completes the flow headlessly, connects, and never shows a token", async () => {
    const back = await approve(first.state.auth!.authorizationUrl!);
    const result = await completeAuthorization(back.searchParams.get("state")!, back.searchParams.get("code")!);
    expect(result).toEqual({ connectionId: id });
    const view = getRegistry().view(id);
    expect(view.state.status).toBe("connected");
    expect(view.state.auth).toMatchObject({ status: "authorized", scope: "mcp:read" });
    expect(view.state.auth?.expiresAt).toBeGreaterThan(Date.now());
    const token = exchanges(id).find((x) => x.phase === "token")!;
    expect(token.status).toBe(200);
    expect(token.requestBody).toMatchObject({ grant_type: "authorization_code", code: SECRET_MASK, code_verifier: SECRET_MASK });
    expect(token.responseBody).toMatchObject({ access_token: SECRET_MASK, refresh_token: SECRET_MASK, token_type: "Bearer" });
    const summary = authSummary(id);
    expect(summary.token).toMatchObject({ tokenType: "Bearer", scope: "mcp:read", hasRefreshToken: true });
    expect(summary.client).toMatchObject({ registration: "dynamic", hasSecret: false });
    const shown = everythingShown(id);
    const { issued } = await fixtureState();
    for (const secret of [...issued.access, ...issued.refresh]) expect(shown).not.toContain(secret);
    expect(shown).not.toContain(back.searchParams.get("code")!);
    const call = await getRegistry().callTool(id, { name: "whoami", arguments: {} });
    expect(JSON.stringify(call.result)).toContain("scope: mcp:read");
  });

  it("accepts a state only once", async () => {
    await expect(completeAuthorization("no-such-state", "x")).rejects.toThrow(/unknown or was already used/);
    const out = await handleOAuthCallback(new URLSearchParams({ state: "no-such-state", code: "x" }));
    expect(out).toMatchObject({ ok: false });
  });

  it("refreshes an expired access token through the SDK and logs it", async () => {
    await fetch(`${base}/admin/expire`, { method: "POST" });
    const call = await getRegistry().callTool(id, { name: "whoami", arguments: {} });
    expect(call.status).toBe("ok");
    const refresh = exchanges(id).filter((x) => x.phase === "refresh");
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.status).toBe(200);
    expect(refresh[0]!.requestBody).toMatchObject({ grant_type: "refresh_token", refresh_token: SECRET_MASK });
    expect((await fixtureState()).seen.filter((s) => s.grant === "refresh_token")).toHaveLength(1);
    expect(everythingShown(id)).not.toContain((await fixtureState()).issued.refresh.at(-1)!);
  });

  it("steps up on 403 insufficient_scope: a new authorization with the larger scope", async () => {
    const denied = await getRegistry().callTool(id, { name: "admin-action", arguments: {} });
    expect(denied.status).not.toBe("ok");
    const state = getRegistry().view(id).state.auth!;
    expect(state.status).toBe("needs_authorization");
    expect(state.message).toContain("mcp:admin");
    const url = new URL(state.authorizationUrl!);
    expect(url.searchParams.get("scope")).toBe("mcp:read mcp:admin");
    expect(events(id).some((e) => e.event === "step_up" && e.scope === "mcp:read mcp:admin")).toBe(true);
    // No refresh was tried for the step-up: a refresh cannot widen the grant.
    expect((await fixtureState()).seen.filter((s) => s.grant === "refresh_token")).toHaveLength(1);

    const back = await approve(state.authorizationUrl!);
    await completeAuthorization(back.searchParams.get("state")!, back.searchParams.get("code")!);
    expect(getRegistry().view(id).state.auth).toMatchObject({ status: "authorized", scope: "mcp:read mcp:admin" });
    const ok = await getRegistry().callTool(id, { name: "admin-action", arguments: {} });
    expect(ok.status).toBe("ok");
    expect(JSON.stringify(ok.result)).toContain("admin done");
  });

  it("records a refused authorization (access_denied) and answers with words", async () => {
    const started = await startAuthorization(id);
    expect(started.authorizationUrl).toBeDefined();
    await fetch(`${base}/admin/deny-next`, { method: "POST" });
    const back = await approve(started.authorizationUrl!);
    const out = await handleOAuthCallback(back.searchParams);
    expect(out).toEqual({ ok: false, message: 'The authorization server answered "access_denied": The user said no', connectionId: id });
    expect(getRegistry().view(id).state.auth).toMatchObject({ status: "error" });
    expect(events(id).at(-1)).toMatchObject({ event: "error", ok: false });
    // The state was used up by the refusal.
    await expect(completeAuthorization(back.searchParams.get("state")!, "x")).rejects.toThrow();
  });

  it("forgets the tokens and the client when an edit points the connection at another server URL", async () => {
    const old = authSummary(id);
    expect(old.token).toBeDefined();
    const view = await getRegistry().update(id, input({ url: `${base}/mcp?tenant=other` }));
    expect(view.state.auth?.status).toBe("needs_authorization");
    const summary = authSummary(id);
    expect(summary.token).toBeUndefined();
    // The old client was forgotten too: the connect registered a new one for the new URL.
    expect(summary.client?.clientId).toBeDefined();
    expect(summary.client?.clientId).not.toBe(old.client?.clientId);
    expect(events(id).at(-2)).toMatchObject({
      event: "tokens_cleared",
      message: expect.stringContaining("server URL, client id or grant changed"),
    });
    // Back to the first URL: a fresh authorization, not the old token.
    const back = await getRegistry().update(id, input());
    expect(back.state.auth?.status).toBe("needs_authorization");
    const again = await approve(back.state.auth!.authorizationUrl!);
    await completeAuthorization(again.searchParams.get("state")!, again.searchParams.get("code")!);
    expect(getRegistry().view(id).state.status).toBe("connected");
  });

  it("signs out: tokens forgotten, session closed, the next connect asks again", async () => {
    const summary = await signOut(id, { forgetClient: false });
    expect(summary.token).toBeUndefined();
    expect(getRegistry().view(id).state.status).toBe("disconnected");
    const again = await getRegistry().connect(id);
    expect(again.state.auth?.status).toBe("needs_authorization");
  });
});

describe("Two authorizations of one connection started at once", () => {
  // The SDK's auth() calls state(), saveCodeVerifier() and redirectToAuthorization() with awaits in
  // between: two flows (two requests refused 401 together) interleave. The URL last shown must be
  // completed with its own state and the verifier of its own challenge.
  it("completes the URL shown last with its own verifier, and refuses the one it replaced in words", async () => {
    const view = await getRegistry().create(input({ name: "two-flows" }));
    const shown = new URL(view.state.auth!.authorizationUrl!);
    const ctx = oauthFor(getRegistry().connection(view.id));
    const flowA = new LoupeOAuthProvider(ctx);
    const flowB = new LoupeOAuthProvider(ctx);
    const urlOf = (state: string, verifier: string): URL => {
      const url = new URL(shown);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
      return url;
    };
    const [verifierA, verifierB] = ["a".repeat(43), "b".repeat(43)];
    const stateA = flowA.state();
    const stateB = flowB.state();
    flowB.saveCodeVerifier(verifierB);
    flowA.saveCodeVerifier(verifierA);
    expect(() => flowA.redirectToAuthorization(urlOf(stateA, verifierA))).toThrow(AuthorizationRequiredError);
    expect(() => flowB.redirectToAuthorization(urlOf(stateB, verifierB))).toThrow(AuthorizationRequiredError);
    const last = getRegistry().view(view.id).state.auth!.authorizationUrl!;
    expect(new URL(last).searchParams.get("state")).toBe(stateB);
    expect(authSummary(view.id).pending?.authorizationUrl).toBe(last);
    const replaced = await approve(urlOf(stateA, verifierA).href);
    await expect(completeAuthorization(replaced.searchParams.get("state")!, replaced.searchParams.get("code")!)).rejects.toThrow(
      /unknown or was already used/,
    );
    const back = await approve(last);
    await expect(completeAuthorization(back.searchParams.get("state")!, back.searchParams.get("code")!)).resolves.toEqual({
      connectionId: view.id,
    });
    expect(getRegistry().view(view.id).state.status).toBe("connected");
  });
});

describe("OAuth with a custom Authorization header and a pre-registered client", () => {
  it("sends the provider's token to the MCP server and keeps the custom header off the authorization server", async () => {
    const view = await getRegistry().create(
      input({
        name: "pre-registered",
        headers: { Authorization: "Bearer custom-header-value", "x-loupe-token": "loupe-own-token" },
        oauth: { enabled: true, clientId: "loupe-pre", clientSecret: "pre-secret" },
      }),
    );
    expect(view.state.auth?.status).toBe("needs_authorization");
    expect(authSummary(view.id).conflictingAuthorizationHeader).toBe(true);
    expect(authSummary(view.id).client).toMatchObject({ clientId: "loupe-pre", registration: "pre-registered", hasSecret: true });
    const back = await approve(view.state.auth!.authorizationUrl!);
    await completeAuthorization(back.searchParams.get("state")!, back.searchParams.get("code")!);
    const connected = getRegistry().view(view.id);
    // The custom header alone would be refused (401): the provider's token won.
    expect(connected.state.status).toBe("connected");
    const { seen } = await fixtureState();
    const tokenRequest = seen.filter((s) => s.path === "/token").at(-1)!;
    // The SDK authenticated the confidential client itself (Basic), not with the custom header.
    expect(tokenRequest.method).toBe("client_secret_basic");
    expect(tokenRequest.authorization).not.toContain("custom-header-value");
    const shown = everythingShown(view.id);
    expect(shown).not.toContain("pre-secret");
    expect(shown).not.toContain("custom-header-value");
    expect(shown).not.toContain("loupe-own-token");
    // Loupe's own token header never went upstream.
    for (const x of exchanges(view.id)) expect(Object.keys(x.requestHeaders).map((k) => k.toLowerCase())).not.toContain("x-loupe-token");
  });

  it("without OAuth, a 401 says in the auth state what to do", async () => {
    const view = await getRegistry().create(input({ name: "no-oauth", oauth: undefined }));
    expect(view.state.status).toBe("error");
    expect(view.state.auth?.status).toBe("error");
    expect(view.state.auth?.message).toMatch(/Turn on OAuth 2.1/);
    expect(exchanges(view.id)[0]).toMatchObject({ phase: "resource", status: 401 });
    await expect(startAuthorization(view.id)).rejects.toThrow(/OAuth 2.1 is off/);
  });
});
