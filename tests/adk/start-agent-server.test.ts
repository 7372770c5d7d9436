import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import type { Server } from "node:net";
import { describe, expect, it } from "vitest";
import { findFreePort, startAgentServer } from "@/demo/adk/start-agent-server";

/** Live (non-zombie) processes of a process group. */
function liveMembers(pgid: number): string[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=,stat=,comm=", "-g", String(pgid)]).toString();
  } catch {
    return []; // ps exits 1 when the group is empty
  }
  return out
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^\d+\s+Z/.test(l));
}

describe("startAgentServer", () => {
  it("serves /health and /version on the chosen port and stops the whole process group", async () => {
    const port = await findFreePort();
    const server = await startAgentServer({ port, preload: true });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      expect(await (await fetch(`${server.url}/health`)).text()).toBe("OK");
      expect(await (await fetch(`${server.url}/version`)).json()).toEqual({ version: "2.0.0" });
      // The agents run prebuilt: no esbuild service beside the server (issue 22).
      expect(liveMembers(server.pid).some((l) => l.includes("esbuild"))).toBe(false);
    } finally {
      await server.stop();
    }
    // SIGKILL is delivered at once but a dying process stays visible for a moment
    await expect.poll(() => liveMembers(server.pid), { timeout: 2000, interval: 50 }).toEqual([]);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  }, 120_000);

  it("leaves nothing in the temp folder: no adk_agent_loader-* once loaded, run and stopped", async () => {
    // A temp folder of its own (TMPDIR), so other processes' folders do not count.
    const tmp = mkdtempSync(path.join(tmpdir(), "loupe-adk-tmp-"));
    try {
      const server = await startAgentServer({ port: 0, preload: true, env: { TMPDIR: tmp, GOOGLE_API_KEY: "" } });
      try {
        const session = await fetch(`${server.url}/apps/loupe_demo/users/u/sessions`, { method: "POST" });
        expect(session.ok).toBe(true);
        expect(readdirSync(tmp)).toEqual([]);
      } finally {
        await server.stop();
      }
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);

  it("rejects with the server's own message when the port is taken", async () => {
    const blocker: Server = createServer();
    const port = await findFreePort();
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", () => r()));
    try {
      await expect(startAgentServer({ port, timeoutMs: 15_000 })).rejects.toThrow(/already in use/);
    } finally {
      blocker.close();
    }
  });
});
