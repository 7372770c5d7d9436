import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLIENT, startTestProvider, type TestProvider } from "@/tests/support/oidc-provider";
import { signIn } from "@/tests/support/oidc-signin";

/**
 * Team mode end to end at the HTTP level (issue 25), against a real OpenID provider (oidc-provider on
 * loopback, its own login form): the launcher's gate and team step exactly as server.ts runs them,
 * in front of Loupe's real route handlers (connections, approvals, audit, people). Only Next's
 * routing is left out: a request that passes goes to the route module its path names.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "loupe-team-"));
process.env.LOUPE_DATA_DIR = dataDir;
process.env.LOUPE_TEAM = "1";
const TOKEN = "launch-token-0123456789abcdef";

let provider: TestProvider;
let server: Server;
let base: string;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The route modules this test reaches, by method and path (what Next's router does in Loupe). */
async function routes(): Promise<[string, RegExp, Handler][]> {
  const connections = await import("@/app/api/connections/route");
  const approval = await import("@/app/api/approvals/[id]/route");
  const audit = await import("@/app/api/audit/route");
  const me = await import("@/app/api/people/me/route");
  const tokens = await import("@/app/api/people/tokens/route");
  const token = await import("@/app/api/people/tokens/[id]/route");
  return [
    ["POST", /^\/api\/connections$/, (req) => connections.POST(req)],
    ["GET", /^\/api\/connections$/, () => connections.GET()],
    ["POST", /^\/api\/approvals\/(?<id>[^/]+)$/, (req, ctx) => approval.POST(req, { params: ctx.params.then((p) => ({ id: p.id! })) })],
    ["GET", /^\/api\/audit$/, (req) => audit.GET(req)],
    ["GET", /^\/api\/people\/me$/, (req) => me.GET(req)],
    ["GET", /^\/api\/people\/tokens$/, () => tokens.GET()],
    ["POST", /^\/api\/people\/tokens$/, (req) => tokens.POST(req)],
    [
      "DELETE",
      /^\/api\/people\/tokens\/(?<id>[^/]+)$/,
      (req, ctx) => token.DELETE(req, { params: ctx.params.then((p) => ({ id: p.id! })) }),
    ],
    ["GET", /^\/$/, async () => new Response("<!doctype html><title>Loupe</title>", { headers: { "content-type": "text/html" } })],
  ];
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`${base}${req.url}`, { method: req.method, headers, body });
}

beforeAll(async () => {
  const { gate } = await import("@/lib/launcher/security");
  const { passActor, teamStep } = await import("@/lib/launcher/team/serve");
  const { teamSettings } = await import("@/lib/launcher/team/settings");
  const { ACTOR_HEADER } = await import("@/lib/contracts/people");
  const { getPeople } = await import("@/lib/server/people");
  getPeople(); // what boot does: the gate finds the directory on globalThis
  const table = await routes();
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider([`${base}/auth/callback`]);
  const env = { LOUPE_OIDC_ISSUER: provider.issuer, LOUPE_OIDC_CLIENT_ID: CLIENT.id, LOUPE_OIDC_CLIENT_SECRET: CLIENT.secret };
  const team = {
    settings: teamSettings({ ...env, LOUPE_OIDC_ROLE_MAP: "loupe-admins=admin" }, port, true),
    token: TOKEN,
    booted: async () => {},
  };
  server.on("request", async (req, res) => {
    delete req.headers[ACTOR_HEADER];
    const decision = gate(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers },
      { token: TOKEN, port, team: { publicOrigin: base } },
    );
    if (decision.action === "reject") return void res.writeHead(decision.status).end(decision.message);
    const actor = await teamStep(req, res, team);
    if (!actor) return;
    passActor(req, actor);
    const url = new URL(req.url ?? "/", base);
    const route = table.find(([m, p]) => m === req.method && p.test(url.pathname));
    if (!route) return void res.writeHead(404).end();
    const params = Promise.resolve({ ...route[1].exec(url.pathname)?.groups });
    const answer = await route[2](await toRequest(req), { params });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
}, 60_000);

afterAll(async () => {
  await provider?.stop();
  await new Promise((resolve) => server?.close(resolve));
  const { getStore } = await import("@/lib/server/store");
  getStore().close();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (p: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${base}${p}`, { ...init, headers: { "content-type": "application/json", cookie, ...(init.headers ?? {}) } });

/** A pending tool approval on the desk, for a connection the admin added: what a responder answers. */
async function pendingApproval(connectionId: string): Promise<string> {
  const { getApprovals } = await import("@/lib/server/approvals");
  return new Promise((resolve) => {
    void getApprovals().gate({
      connectionId,
      tool: "delete_file",
      arguments: { path: "/tmp/x" },
      origin: { kind: "tap", tapId: "t1" },
      policy: "always",
      onPending: (approval) => resolve(approval.id),
    });
  });
}

describe("team mode with a real OpenID provider", () => {
  it("signs a person in with the code flow and PKCE: an HttpOnly, SameSite=Lax session cookie, no token in it, back where they asked", async () => {
    const { cookie, setCookie, landed } = await signIn(base, "rita");
    expect(landed).toBe("/?view=inbox");
    expect(setCookie).toMatch(/^loupe_session_[0-9a-f]{10}=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const me = await (await api("/api/people/me", cookie)).json();
    expect(me).toEqual({ team: true, actor: { kind: "person", name: "Rita Responder", email: "rita@example.test", role: "responder" } });
  });

  it("sends a page without a session to sign in, and answers the API 401 in words", async () => {
    const page = await fetch(`${base}/?view=inbox`, { redirect: "manual" });
    expect([page.status, page.headers.get("location")]).toEqual([302, "/auth/login?next=%2F%3Fview%3Dinbox"]);
    const res = await api("/api/connections", "");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthorized:signin" } });
    // A header claiming to be someone is dropped by the gate.
    const forged = await api("/api/people/me", "", {
      headers: { "x-loupe-actor": encodeURIComponent('{"kind":"local","name":"x","role":"admin"}') },
    });
    expect(forged.status).toBe(401);
  });

  it("enforces roles: a viewer's answer is 403 naming the role, a responder cannot add a server, an admin can; every answer is audited with the person", async () => {
    const [vera, rita, adam] = await Promise.all([signIn(base, "vera"), signIn(base, "rita"), signIn(base, "adam")]);
    const server = { name: "far", transport: "http", url: "http://127.0.0.1:1/mcp" };
    const refusedAdd = await api("/api/connections", rita.cookie, { method: "POST", body: JSON.stringify(server) });
    expect(refusedAdd.status).toBe(403);
    expect(await refusedAdd.json()).toEqual({
      error: {
        code: "forbidden:role",
        message: "Only an admin or above can add servers and agents, run tools or change taps and settings: Rita Responder is a responder",
      },
    });
    const added = await api("/api/connections", adam.cookie, { method: "POST", body: JSON.stringify(server) });
    expect(added.status).toBe(201);
    const { id: connectionId } = (await added.json()) as { id: string };

    const first = await pendingApproval(connectionId);
    const byViewer = await api(`/api/approvals/${first}`, vera.cookie, { method: "POST", body: JSON.stringify({ action: "approve" }) });
    expect(byViewer.status).toBe(403);
    expect((await byViewer.json()).error).toEqual({
      code: "forbidden:role",
      message: "Only a responder or above can answer human requests and approvals: Vera Viewer is a viewer",
    });
    const byResponder = await api(`/api/approvals/${first}`, rita.cookie, { method: "POST", body: JSON.stringify({ action: "approve" }) });
    expect(byResponder.status).toBe(200);
    // The store's exactly-once claim records the person, so a second answer is told who it was.
    const again = await api(`/api/approvals/${first}`, adam.cookie, { method: "POST", body: JSON.stringify({ action: "reject" }) });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/^This request was already answered by Rita Responder at \d{4}-/);
    const second = await pendingApproval(connectionId);
    const reject = { action: "reject", reason: "not today" };
    expect((await api(`/api/approvals/${second}`, adam.cookie, { method: "POST", body: JSON.stringify(reject) })).status).toBe(200);

    const log = await (await api("/api/audit?source=approval", vera.cookie)).json();
    const rows = log.events.map((e: { kind: string; actor: string; requestId: string }) => [e.kind, e.actor, e.requestId]);
    expect(rows).toEqual([
      ["rejected", "Adam Admin", second],
      ["raised", "approval peer", second],
      ["approved", "Rita Responder", first],
      ["raised", "approval peer", first],
    ]);
    const csv = await api("/api/audit?format=csv&person=Rita%20Responder", vera.cookie);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n").filter(Boolean)).toHaveLength(2);
  });

  it("service tokens: an admin creates one (its secret shown once), it acts with its role as a bearer, and revoked it is refused", async () => {
    const adam = await signIn(base, "adam");
    const vera = await signIn(base, "vera");
    expect((await api("/api/people/tokens", vera.cookie)).status).toBe(403);
    const created = await api("/api/people/tokens", adam.cookie, {
      method: "POST",
      body: JSON.stringify({ name: "ci", role: "responder" }),
    });
    expect(created.status).toBe(201);
    const { token, secret } = (await created.json()) as { token: { id: string }; secret: string };
    const list = await (await api("/api/people/tokens", adam.cookie)).json();
    expect(JSON.stringify(list)).not.toContain(secret);
    const bearer = { authorization: `Bearer ${secret}` };
    expect(await (await api("/api/people/me", "", { headers: bearer })).json()).toEqual({
      team: true,
      actor: { kind: "service", name: "ci", role: "responder" },
    });
    const add = await api("/api/connections", "", { method: "POST", headers: bearer, body: "{}" });
    expect([add.status, (await add.json()).error.code]).toEqual([403, "forbidden:role"]);
    expect((await api(`/api/people/tokens/${token.id}`, adam.cookie, { method: "DELETE" })).status).toBe(204);
    const revoked = await api("/api/people/me", "", { headers: bearer });
    expect([revoked.status, (await revoked.json()).error.code]).toEqual([401, "unauthorized:token"]);
  });

  it("the launch token from loopback acts as an admin; sign-out ends the session", async () => {
    const me = await (await api("/api/people/me", "", { headers: { "x-loupe-token": TOKEN } })).json();
    expect(me.actor).toEqual({ kind: "local", name: "local token", role: "admin" });
    expect((await api("/api/people/me", "", { headers: { "x-loupe-token": "wrong" } })).status).toBe(401);
    const nora = await signIn(base, "nora");
    // No role claim: a viewer.
    expect((await (await api("/api/people/me", nora.cookie)).json()).actor.role).toBe("viewer");
    const out = await fetch(`${base}/auth/logout`, { method: "POST", headers: { cookie: nora.cookie, origin: base } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await api("/api/people/me", nora.cookie)).status).toBe(401);
  });
});

describe("team mode and a page that still holds a launch token", () => {
  it("lets the session through despite a stale token header; the stale token alone is refused in words", async () => {
    const rita = await signIn(base, "rita");
    const me = await api("/api/people/me", rita.cookie, { headers: { "x-loupe-token": "from-an-earlier-local-launch" } });
    expect((await me.json()).actor.name).toBe("Rita Responder");
    const alone = await api("/api/people/me", "", { headers: { "x-loupe-token": "from-an-earlier-local-launch" } });
    expect([alone.status, (await alone.json()).error.code]).toEqual([401, "unauthorized:token"]);
  });
});
