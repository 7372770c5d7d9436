import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** A real Loupe (the launcher from `npm start`) on a free port, for the browser benches. */
export interface LoupeProcess {
  baseUrl: string;
  token: string;
  api<T>(method: string, route: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export async function startLoupe(root: string, dataDir: string): Promise<LoupeProcess> {
  const token = `bench-${process.pid}-${Date.now()}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs"), "--no-open", "--no-demo", "--port", "0"], {
    cwd: root,
    env: { ...process.env, LOUPE_TOKEN: token, LOUPE_DATA_DIR: dataDir, CI: "1" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Loupe ready: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`Loupe exited with code ${code} before it was ready:\n${out}`)));
  });
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(baseUrl + route, {
      method,
      headers: { "x-loupe-token": token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  return { baseUrl, token, api, stop };
}
