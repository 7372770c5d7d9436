import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ConnectionInput } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { tempDir } from "@/tests/support/servers";

// A 2026-07-28 server over Streamable HTTP restarts (no session to lose in that revision): Loupe's
// connection keeps working — calls after the restart succeed — and a call while it is down fails
// with words, not a hang.
const data = tempDir("loupe-modern-restart-");
process.env.LOUPE_DATA_DIR = data.dir;

const MODERN = path.join(process.cwd(), "tests/fixtures/modern-server.mjs");
const PORT = 7348;
let server: ChildProcess | null = null;

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MODERN, "--http", "--port", String(PORT)], { stdio: ["ignore", "pipe", "ignore"] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("modern-server did not start")), 15_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

afterAll(async () => {
  await getRegistry().closeAll();
  await stop(server);
  data.cleanup();
});

describe("a 2026-07-28 HTTP server that restarts", () => {
  it("calls work again after the restart, in the same era", async () => {
    server = await start();
    const input = {
      name: "modern restart",
      transport: "http",
      url: `http://127.0.0.1:${PORT}/mcp`,
      headers: {},
      requestTimeoutMs: 10_000,
    } as ConnectionInput;
    const view = await getRegistry().create(input);
    expect(view.state.era?.mode).toBe("modern");
    expect((await getRegistry().callTool(view.id, { name: "echo", arguments: { text: "before" } })).status).toBe("ok");

    await stop(server);
    const down = await getRegistry()
      .callTool(view.id, { name: "echo", arguments: { text: "down" } })
      .catch((e: Error) => ({ status: "thrown", error: { message: e.message } }));
    expect(down.status).not.toBe("ok");
    expect(down.error?.message).toBeTruthy();

    server = await start();
    let after: { status: string } | null = null;
    for (let i = 0; i < 60; i++) {
      const state = getRegistry().get(view.id)!.state;
      if (state.status === "connected") {
        after = await getRegistry()
          .callTool(view.id, { name: "echo", arguments: { text: "after" } })
          .catch(() => null);
        if (after?.status === "ok") break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(after?.status).toBe("ok");
    expect(getRegistry().get(view.id)!.state.era?.mode).toBe("modern");
  }, 40_000);
});
