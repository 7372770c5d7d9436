import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { startAppsSandbox, type AppsSandbox } from "@/lib/server/mcp/apps/sandbox-server";
import { appsPortFromEnv } from "@/lib/server/mcp/apps/apps-sandbox";
import { buildSandboxCsp, cleanSources } from "@/lib/server/mcp/apps/sandbox-csp";

const PORT = 7160;
const LOUPE = "http://127.0.0.1:7161";
const TOKEN = "loupe-secret-token-4242";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, opts: { method?: string; host?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: PORT, path, method: opts.method ?? "GET", headers: { host: opts.host ?? `127.0.0.1:${PORT}` } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const sandboxUrl = (csp?: unknown, parent = LOUPE) =>
  `/sandbox?parent=${encodeURIComponent(parent)}${csp === undefined ? "" : `&csp=${encodeURIComponent(JSON.stringify(csp))}`}`;

describe("apps sandbox listener (second origin)", () => {
  let sandbox: AppsSandbox;
  beforeAll(async () => {
    process.env.LOUPE_TOKEN = TOKEN;
    sandbox = await startAppsSandbox({ port: PORT, parentOrigins: () => [LOUPE, "http://localhost:7161"] });
  });
  afterAll(async () => {
    await sandbox.close();
    delete process.env.LOUPE_TOKEN;
  });

  it("listens on the loopback interface only, on its own port", () => {
    expect(sandbox.port).toBe(PORT);
    expect(sandbox.origin).toBe(`http://127.0.0.1:${PORT}`);
  });

  it("serves the proxy page with the spec's restrictive CSP when the resource declares none", async () => {
    const r = await get(sandboxUrl());
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(r.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp).toContain(`frame-ancestors ${LOUPE}`);
    expect(r.body).toContain("ui/notifications/sandbox-");
    expect(r.body).toContain(JSON.stringify(LOUPE));
  });

  it("adds the declared domains to the directives they map to, and nothing else", async () => {
    const r = await get(
      sandboxUrl({
        connectDomains: ["https://api.example.com", "wss://rt.example.com", "*", "https://x.com; script-src *"],
        resourceDomains: ["https://*.cdn.example.com", "'unsafe-eval'", "https:"],
        frameDomains: ["https://www.youtube.com"],
      }),
    );
    expect(r.status).toBe(200);
    const csp = String(r.headers["content-security-policy"]);
    expect(csp).toContain("connect-src https://api.example.com wss://rt.example.com;");
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(csp).toContain("img-src 'self' data: https://*.cdn.example.com;");
    expect(csp).toContain("frame-src https://www.youtube.com;");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("x.com");
    expect(csp.split(";").filter((d) => d.trim().startsWith("script-src"))).toHaveLength(1);
  });

  it("carries no Loupe token, cookie or Loupe origin grant", async () => {
    const r = await get(sandboxUrl());
    const all = JSON.stringify(r.headers) + r.body;
    expect(all).not.toContain(TOKEN);
    expect(r.headers["set-cookie"]).toBeUndefined();
    expect(r.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses every other path, method, host and parent", async () => {
    for (const p of ["/", "/api/connections", "/sandbox/x", "/_next/static/x.js", "/sandbox/../api/stream"]) {
      expect((await get(p)).status, p).toBe(404);
    }
    expect((await get(sandboxUrl(), { method: "POST" })).status).toBe(405);
    expect((await get(sandboxUrl(), { host: `evil.example:${PORT}` })).status).toBe(403);
    expect((await get(sandboxUrl(), { host: "127.0.0.1:7161" })).status).toBe(403);
    expect((await get(sandboxUrl(undefined, "http://evil.example"))).status).toBe(400);
    expect((await get("/sandbox")).status).toBe(400);
    expect((await get(`/sandbox?parent=${encodeURIComponent(LOUPE)}&csp=%7Bnot-json`)).status).toBe(400);
    expect((await get(sandboxUrl({ connectDomains: "https://a.com" }))).status).toBe(400);
    const refused = await get("/api/connections");
    expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("answers HEAD without a body", async () => {
    const r = await get(sandboxUrl(), { method: "HEAD" });
    expect(r.status).toBe(200);
    expect(r.body).toBe("");
  });
});

describe("sandbox CSP and settings", () => {
  it("keeps only plain origins", () => {
    expect(cleanSources(["https://a.com", "https://a.com", "http://127.0.0.1:3000", "data:", "'self'", "https://a.com/x y"])).toEqual({
      kept: ["https://a.com", "http://127.0.0.1:3000"],
      dropped: ["data:", "'self'", "https://a.com/x y"],
    });
  });
  it("uses base-uri 'self' unless base URIs are declared", () => {
    expect(buildSandboxCsp(undefined, LOUPE)).toContain("base-uri 'self'");
    expect(buildSandboxCsp({ baseUriDomains: ["https://cdn.example.com"] }, LOUPE)).toContain("base-uri https://cdn.example.com");
  });
  it("reads LOUPE_APPS_PORT", () => {
    expect(appsPortFromEnv(undefined)).toBe(0);
    expect(appsPortFromEnv("7170")).toBe(7170);
    expect(appsPortFromEnv("seven")).toMatch(/LOUPE_APPS_PORT/);
    expect(appsPortFromEnv("70000")).toMatch(/LOUPE_APPS_PORT/);
  });
});
