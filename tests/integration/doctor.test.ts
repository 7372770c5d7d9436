import { chmodSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import type { Registry } from "@/lib/server/mcp/registry";
import { EVERYTHING, freePort, startEverythingHttp, stdioInput, tempDir } from "@/tests/support/servers";
import * as diagnoseRoute from "@/app/api/connections/[id]/diagnose/route";
import * as pingRoute from "@/app/api/connections/[id]/ping/route";

// The route handlers use the singleton registry, which reads LOUPE_DATA_DIR on first use.
const data = tempDir("loupe-doctor-");
process.env.LOUPE_DATA_DIR = data.dir;
const scratch = tempDir("loupe-doctor-bin-");
let registry: Registry;

beforeAll(() => {
  registry = getRegistry();
});

afterAll(async () => {
  await registry.closeAll();
  data.cleanup();
  scratch.cleanup();
});

function remote(name: string, url: string, extra: Partial<Exclude<ConnectionInput, { transport: "stdio" }>> = {}): ConnectionInput {
  return { name, transport: "http", url, headers: {}, requestTimeoutMs: 5_000, ...extra };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`, server };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const steps = (id: string) => registry.view(id).state.diagnosis?.map((d) => `${d.step}:${d.ok ? "ok" : "fail"}`);
const last = (id: string) => registry.view(id).state.diagnosis?.at(-1);

describe("connection doctor: stdio", () => {
  it("names an unknown command at the spawn step", async () => {
    const view = await registry.create(stdioInput("nope", [], { command: "loupe-no-such-command-xyz" }));
    expect(view.state.status).toBe("error");
    expect(steps(view.id)).toEqual(["spawn:fail"]);
    expect(last(view.id)?.detail).toMatch(/^The command "loupe-no-such-command-xyz" was not found on PATH \(\d+ directories searched\)$/);
  });

  it("says a non-executable file has no execute permission", async () => {
    const file = path.join(scratch.dir, "not-exec.sh");
    writeFileSync(file, "#!/bin/sh\necho hi\n");
    chmodSync(file, 0o644);
    const view = await registry.create(stdioInput("noexec", [], { command: file }));
    expect(view.state.error?.step).toBe("spawn");
    expect(last(view.id)).toMatchObject({ step: "spawn", ok: false, detail: expect.stringContaining("not executable") });
  });

  it("blames a line of garbage on stdout at the initialize step", async () => {
    const script = path.join(scratch.dir, "garbage.mjs");
    writeFileSync(script, 'console.log("Server starting on stdio..."); console.error("boom"); process.exit(2);\n');
    const view = await registry.create(stdioInput("garbage", [script]));
    expect(view.state.status).toBe("error");
    expect(steps(view.id)).toEqual(["spawn:ok", "initialize:fail"]);
    expect(last(view.id)?.detail).toBe(
      'The server wrote a line to stdout that is not JSON ("Server starting on stdio..."): stdout is reserved for MCP messages, logs must go to stderr',
    );
  });

  it("reports an early exit with its code and stderr", async () => {
    const script = path.join(scratch.dir, "exit.mjs");
    writeFileSync(script, 'console.error("missing API_KEY"); process.exit(7);\n');
    const view = await registry.create(stdioInput("early-exit", [script]));
    expect(last(view.id)).toMatchObject({ step: "spawn", ok: false });
    expect(last(view.id)?.detail).toMatch(/exited with code 7 before answering; stderr ends with "missing API_KEY"$/);
  });

  it("passes every step for server-everything, on demand through the route", async () => {
    const view = await registry.create(stdioInput("everything-doctor", [EVERYTHING, "stdio"]));
    expect(view.state.diagnosis).toBeUndefined();
    const res = await diagnoseRoute.POST(new Request("http://127.0.0.1/x", { method: "POST" }), {
      params: Promise.resolve({ id: view.id }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.state.diagnosis.map((d: { step: string; ok: boolean }) => `${d.step}:${d.ok}`)).toEqual([
      "spawn:true",
      "initialize:true",
      "protocol:true",
    ]);
    expect(body.state.diagnosis[2].detail).toBe(
      `Protocol version 2025-11-25 agreed by mcp-servers/everything ${body.state.serverInfo.version} (as offered)`,
    );
    const ping = await pingRoute.POST(new Request("http://127.0.0.1/x", { method: "POST" }), { params: Promise.resolve({ id: view.id }) });
    expect(ping.status).toBe(200);
    expect(typeof (await ping.json()).ms).toBe("number");
  });
});

describe("connection doctor: remote", () => {
  it("stops at DNS for a name that does not exist", async () => {
    const view = await registry.create(remote("dns", "http://nonexistent.invalid/mcp"));
    expect(view.state.status).toBe("error");
    expect(steps(view.id)).toEqual(["dns:fail"]);
    expect(last(view.id)?.detail).toBe("The name nonexistent.invalid was not found (DNS: name not found)");
  });

  it("stops at TCP for a closed port", async () => {
    const port = await freePort();
    const view = await registry.create(remote("tcp", `http://127.0.0.1:${port}/mcp`));
    expect(steps(view.id)).toEqual(["dns:ok", "tcp:fail"]);
    expect(last(view.id)?.detail).toBe(`Nothing is listening on 127.0.0.1:${port} (connection refused)`);
  });

  it("reads a 404, an HTML page and a 401 with WWW-Authenticate", async () => {
    const notFound = await listen((_req, res) => res.writeHead(404).end("no"));
    const html = await listen((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>"));
    const auth = await listen((_req, res) =>
      res
        .writeHead(401, {
          "www-authenticate": 'Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource", scope="mcp:read"',
        })
        .end(),
    );
    try {
      const a = await registry.create(remote("404", notFound.url));
      expect(steps(a.id)).toEqual(["dns:ok", "tcp:ok", "http:fail"]);
      expect(last(a.id)?.detail).toBe("HTTP 404 Not Found: nothing answers at /mcp (check the path; MCP servers often use /mcp)");

      const b = await registry.create(remote("html", html.url));
      expect(steps(b.id)).toEqual(["dns:ok", "tcp:ok", "http:fail"]);
      expect(last(b.id)?.detail).toMatch(/^HTTP 200, but the answer is an HTML page/);

      const c = await registry.create(remote("401", auth.url));
      expect(c.state.error?.step).toBe("auth");
      expect(steps(c.id)).toEqual(["dns:ok", "tcp:ok", "http:ok", "auth:fail"]);
      expect(last(c.id)?.detail).toBe(
        'HTTP 401: the server needs OAuth; resource metadata at http://127.0.0.1:1/.well-known/oauth-protected-resource; scope "mcp:read"; turn on OAuth for this connection',
      );
    } finally {
      await Promise.all([close(notFound.server), close(html.server), close(auth.server)]);
    }
  });

  it("passes every step for server-everything over Streamable HTTP", async () => {
    const http = await startEverythingHttp("streamableHttp");
    try {
      const view = await registry.create(remote("ok", `http://127.0.0.1:${http.port}/mcp`));
      const diagnosed = await registry.diagnose(view.id);
      expect(diagnosed.state.diagnosis?.map((d) => `${d.step}:${d.ok}`)).toEqual([
        "dns:true",
        "tcp:true",
        "http:true",
        "auth:true",
        "protocol:true",
      ]);
      expect(diagnosed.state.diagnosis?.[2]?.detail).toBe("HTTP 200 (text/event-stream)");
      expect(diagnosed.state.status).toBe("connected");
    } finally {
      await http.stop();
    }
  });
});
