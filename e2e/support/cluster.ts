import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Set-up shared by the specs that run several built Loupe instances on one PostgreSQL database
 * (issue 25): each instance is `scripts/start.mjs` in its own process on its own port, with a short
 * lease ttl so a take-over is seen in seconds, and the API reached with the local token.
 */
export const CLUSTER_TOKEN = "cluster-e2e-token-0123456789";
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ClusterInstance {
  name: string;
  process: ChildProcess;
  base: string;
  dir: string;
}

/** Starts `Loupe <name>` on `databaseUrl` with LOUPE_LEASE_TTL_MS `ttlMs`; resolves once it printed its address. */
export async function startClusterLoupe(name: string, databaseUrl: string, ttlMs: number): Promise<ClusterInstance> {
  const dir = mkdtempSync(path.join(tmpdir(), `loupe-cluster-${name}-`));
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-open", "--no-demo", "--port", "0"], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOUPE_DATA_DIR: dir,
      LOUPE_TOKEN: CLUSTER_TOKEN,
      LOUPE_DATABASE_URL: databaseUrl,
      LOUPE_LEASE_TTL_MS: String(ttlMs),
      LOUPE_INSTANCE_NAME: `Loupe ${name}`,
      CI: "1",
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
  return { name, process: child, base, dir };
}

/** Stops what is still running (SIGTERM, waited for) and removes each instance's folder. */
export async function stopClusterLoupes(instances: readonly ClusterInstance[]): Promise<void> {
  for (const instance of instances) {
    if (instance.process.exitCode === null && instance.process.signalCode === null) {
      const exited = new Promise((resolve) => instance.process.once("exit", resolve));
      instance.process.kill("SIGTERM");
      await exited;
    }
    rmSync(instance.dir, { recursive: true, force: true });
  }
}

/** One API call with the token: status, parsed body, and the instance that served it when it was forwarded. */
export async function clusterApi<T>(
  on: ClusterInstance,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: T; servedBy: string | null }> {
  const res = await fetch(`${on.base}${route}`, {
    method,
    headers: { "x-loupe-token": CLUSTER_TOKEN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // The route's contract type: the spec reads what the route promises.
  return { status: res.status, json: (await res.json()) as T, servedBy: res.headers.get("x-loupe-served-by") };
}

/** Probes every 100 ms until it answers something; fails in words after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
