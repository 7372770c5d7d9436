import { execFileSync } from "node:child_process";
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
      // preload bundled the agents, which leaves esbuild's service running in the group
      expect(liveMembers(server.pid).some((l) => l.includes("esbuild"))).toBe(true);
    } finally {
      await server.stop();
    }
    // SIGKILL is delivered at once but a dying process stays visible for a moment
    await expect.poll(() => liveMembers(server.pid), { timeout: 2000, interval: 50 }).toEqual([]);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

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
