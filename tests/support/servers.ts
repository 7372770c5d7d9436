import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConnectionInput } from "@/lib/contracts/connections";

const root = path.resolve(import.meta.dirname, "../..");
export const EVERYTHING = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
export const FILESYSTEM = path.join(root, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
export const CRASH_FIXTURE = path.join(root, "tests/fixtures/crash-server.mjs");
export const FORCE_LOOPBACK = path.join(root, "tests/support/force-loopback.cjs");

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

type StdioInput = Extract<ConnectionInput, { transport: "stdio" }>;

export function stdioInput(name: string, args: string[], extra: Partial<StdioInput> = {}): StdioInput {
  return {
    name,
    transport: "stdio",
    command: process.execPath,
    args,
    env: {},
    requestTimeoutMs: 20_000,
    ...extra,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, "127.0.0.1");
      sock.once("connect", () => (sock.destroy(), resolve(true)));
      sock.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`port ${port} did not open`);
}

/**
 * server-everything in an HTTP mode, on 127.0.0.1 only (the preload pins its listen()). A fixed
 * `port` lets a test stop it and start it again in place (a restart); SIGKILL makes that abrupt.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
  opts: { port?: number; kill?: "SIGTERM" | "SIGKILL" } = {},
): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ["-r", FORCE_LOOPBACK, EVERYTHING, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.resume();
  try {
    await waitForPort(port, child, 15_000);
  } catch (error) {
    child.kill("SIGKILL"); // never leave a server holding the port behind a failed start
    throw error;
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(opts.kill ?? "SIGTERM");
    });
  return { port, stop };
}
