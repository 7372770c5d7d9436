import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPTED_ONLY, startAgentServer, type AgentServer } from "@/demo/adk/start-agent-server";

/** Raw HTTP, because fetch() does not let a caller forge the Host header. */
function call(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let server: AgentServer;
beforeAll(async () => {
  server = await startAgentServer({ port: 0, env: SCRIPTED_ONLY });
});
afterAll(async () => {
  await server?.stop();
});

describe("demo agent server: Host / Origin gate", () => {
  const sessions = "/apps/loupe_demo/users/gate-user/sessions";
  const json = { "content-type": "application/json" };

  it("answers its own loopback Host, with no Origin or its own", async () => {
    const own = `127.0.0.1:${server.port}`;
    expect((await call(server.port, "GET", "/health", { host: own })).status).toBe(200);
    expect((await call(server.port, "GET", "/health", { host: `localhost:${server.port}` })).status).toBe(200);
    const created = await call(server.port, "POST", sessions, { host: own, origin: `http://${own}`, ...json }, "{}");
    expect(created.status).toBe(200);
  });

  it("refuses a foreign Host (DNS rebinding) with 403 before any handler runs", async () => {
    for (const host of ["evil.example", `evil.example:${server.port}`, "127.0.0.1:1"]) {
      const res = await call(server.port, "GET", "/list-apps", { host });
      expect(res.status).toBe(403);
      expect(res.body).toContain("is not allowed");
    }
  });

  it("refuses a foreign Origin, another local port included, and creates nothing", async () => {
    const host = `127.0.0.1:${server.port}`;
    const count = async () =>
      (JSON.parse((await call(server.port, "GET", sessions, { host })).body) as { sessions: unknown[] }).sessions.length;
    const before = await count();
    expect(before).toBeGreaterThan(0); // the test above created one: the listing is real
    for (const origin of ["http://evil.example", "http://127.0.0.1:7399", "null", `https://127.0.0.1:${server.port}`]) {
      const res = await call(server.port, "POST", sessions, { host, origin, ...json }, "{}");
      expect(res.status).toBe(403);
      // A no-cors form post (text/plain) is refused the same way.
      expect((await call(server.port, "POST", sessions, { host, origin, "content-type": "text/plain" }, "{}")).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe("demo agent server: --allow_origins", () => {
  it("accepts the origins it was told to, still not a foreign Host", async () => {
    const s = await startAgentServer({ port: 0, env: SCRIPTED_ONLY, allowOrigins: "http://127.0.0.1:7301" });
    try {
      const host = `127.0.0.1:${s.port}`;
      expect((await call(s.port, "GET", "/version", { host, origin: "http://127.0.0.1:7301" })).status).toBe(200);
      expect((await call(s.port, "GET", "/version", { host, origin: "http://127.0.0.1:7302" })).status).toBe(403);
      expect((await call(s.port, "GET", "/version", { host: "evil.example", origin: "http://127.0.0.1:7301" })).status).toBe(403);
    } finally {
      await s.stop();
    }
  });
});
