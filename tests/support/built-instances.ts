import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Whole Loupe instances on one PostgreSQL database (issue 25), the built app as `npm start` runs it
 * (the launcher with its gates, cluster forwarding and the tap endpoint), each its own process on its
 * own port. Used by e2e/cluster.spec.ts, e2e/cluster-agents.spec.ts, e2e/cluster-taps.spec.ts and bench/tap-cluster.ts.
 * The build must be current (scripts/start.mjs would build otherwise): build first, under the build lock.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface BuiltInstance {
  name: string;
  process: ChildProcess;
  base: string;
  dir: string;
  /** A JSON API call with the token; the answer's status, body and which instance served it (forwarded). */
  api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; json: T; servedBy: string | null }>;
  /** SIGTERM and wait (a clean stop: leases let go); a killed one is left as it is. */
  stop(): Promise<void>;
}

export interface BuiltOptions {
  token: string;
  /** A shared PostgreSQL store; absent: the instance's own SQLite file (a single local Loupe). */
  databaseUrl?: string;
  /** LOUPE_LEASE_TTL_MS: short, so a take-over is seen in seconds. */
  leaseTtlMs: number;
  env?: Record<string, string>;
}

export async function startBuiltLoupe(name: string, options: BuiltOptions): Promise<BuiltInstance> {
  const dir = mkdtempSync(path.join(tmpdir(), `loupe-cluster-${name}-`));
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", "0"], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOUPE_DATA_DIR: dir,
      LOUPE_TOKEN: options.token,
      LOUPE_DATABASE_URL: options.databaseUrl ?? "",
      LOUPE_LEASE_TTL_MS: String(options.leaseTtlMs),
      LOUPE_INSTANCE_NAME: `Loupe ${name}`,
      CI: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const ready = /Loupe ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.stderr?.on("data", (c: Buffer) => (out += c.toString()));
    child.once("exit", (code) => reject(new Error(`Loupe ${name} exited with ${code}: ${out}`)));
  });
  const send = (method: string, route: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method,
      headers: { "x-loupe-token": options.token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const api = async <T>(method: string, route: string, body?: unknown) => {
    // A kept-alive socket the server closed as it was reused (its 5 s idle timeout) resets: a GET is sent again.
    const res = await send(method, route, body).catch((error: unknown) => {
      if (method !== "GET") throw error;
      return send(method, route, body);
    });
    const text = await res.text();
    // The route's contract type: the caller reads what the route promises.
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T, servedBy: res.headers.get("x-loupe-served-by") };
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { name, process: child, base, dir, api, stop };
}

/** `probe`'s first defined value, tried every 100 ms; fails in words after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
