import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { completeAuthorization } from "@/lib/server/mcp/oauth";
import { tempDir } from "@/tests/support/servers";

// OAuth against a 2026-07-28 server (the OAuth fixture with --modern): the 401 on the
// server/discover probe asks for authorization, the authorized connection speaks 2026-07-28,
// an expired token is refreshed and a 403 insufficient_scope steps up — as in 2025-11-25.
const data = tempDir("loupe-oauth-modern-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_PUBLIC_URL = "http://127.0.0.1:6999";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/oauth-server.mjs");
let child: ChildProcess;
let base = "";

beforeAll(async () => {
  child = spawn(process.execPath, [FIXTURE, "--port", "7351", "--modern"], { stdio: ["ignore", "pipe", "inherit"] });
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

async function approve(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

describe("OAuth on a 2026-07-28 connection", () => {
  it("authorizes, connects in 2026-07-28, refreshes and steps up", async () => {
    const input = {
      name: "oauth modern",
      transport: "http",
      url: `${base}/mcp`,
      headers: {},
      requestTimeoutMs: 20_000,
      oauth: { enabled: true },
    } as ConnectionInput;
    const first = await getRegistry().create(input);
    expect(first.state.status).toBe("error");
    expect(first.state.error?.step).toBe("auth");
    expect(first.state.auth?.status).toBe("needs_authorization");

    const back = await approve(first.state.auth!.authorizationUrl!);
    await completeAuthorization(back.searchParams.get("state")!, back.searchParams.get("code")!);
    const view = getRegistry().view(first.id);
    expect(view.state.status).toBe("connected");
    expect(view.state.era).toMatchObject({ mode: "modern", version: "2026-07-28" });
    const call = await getRegistry().callTool(first.id, { name: "whoami", arguments: {} });
    expect(call.status).toBe("ok");
    expect(JSON.stringify(call.result)).toContain("scope: mcp:read");

    await fetch(`${base}/admin/expire`, { method: "POST" });
    const refreshed = await getRegistry().callTool(first.id, { name: "whoami", arguments: {} });
    expect(refreshed.status).toBe("ok");

    const denied = await getRegistry().callTool(first.id, { name: "admin-action", arguments: {} });
    expect(denied.status).not.toBe("ok");
    const auth = getRegistry().view(first.id).state.auth!;
    expect(auth.status).toBe("needs_authorization");
    expect(new URL(auth.authorizationUrl!).searchParams.get("scope")).toBe("mcp:read mcp:admin");
    const again = await approve(auth.authorizationUrl!);
    await completeAuthorization(again.searchParams.get("state")!, again.searchParams.get("code")!);
    expect(getRegistry().view(first.id).state.era?.mode).toBe("modern");
    const ok = await getRegistry().callTool(first.id, { name: "admin-action", arguments: {} });
    expect(ok.status).toBe("ok");
  }, 60_000);
});
