/**
 * The child-process form tests use: run-a2a-agent.ts prebuilt, with parent-watch.cjs,
 * ready when it prints its URL, stopped with its whole process group.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { spawnA2aDemo } from "./spawn-a2a-demo";

function liveMembers(pgid: number): string[] {
  try {
    return execFileSync("ps", ["-o", "pid=,stat=", "-g", String(pgid)])
      .toString()
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !/^\d+\s+Z/.test(l));
  } catch {
    return []; // ps exits 1 when the group is empty
  }
}

describe("spawnA2aDemo", () => {
  it("starts the agent as a child on the given port, serves its card, and stops the whole group", async () => {
    const demo = await spawnA2aDemo({ port: 7154 });
    try {
      expect(demo.url).toBe("http://127.0.0.1:7154");
      const card = (await (await fetch(`${demo.url}/.well-known/agent-card.json`)).json()) as { name: string };
      expect(card.name).toBe("Loupe demo A2A agent");
      expect(liveMembers(demo.pid).length).toBeGreaterThan(0);
    } finally {
      await demo.stop();
    }
    await expect.poll(() => liveMembers(demo.pid), { timeout: 3000, interval: 50 }).toEqual([]);
    await expect(fetch(`${demo.url}/.well-known/agent-card.json`)).rejects.toThrow();
  });

  it("rejects with the child's own message when the port is taken", async () => {
    const first = await spawnA2aDemo({ port: 7155 });
    try {
      await expect(spawnA2aDemo({ port: 7155, timeoutMs: 20_000 })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });
});
