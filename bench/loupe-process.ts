import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import path from "node:path";

/** A real Loupe (the launcher from `npm start`) on a free port, for the browser benches. */
export interface LoupeProcess {
  baseUrl: string;
  token: string;
  api<T>(method: string, route: string, body?: unknown): Promise<T>;
  /** The same request over node:http with a kept-alive socket (no fetch machinery in the client). */
  leanApi<T>(method: string, route: string, body?: unknown): Promise<T>;
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
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const leanApi = <T>(method: string, route: string, body?: unknown): Promise<T> =>
    httpJson<T>(agent, baseUrl + route, method, body, { "x-loupe-token": token });
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
  return { baseUrl, token, api, leanApi, stop: async () => (agent.destroy(), stop()) };
}

/**
 * One JSON request over node:http on a kept-alive socket of `agent` (no fetch machinery in the
 * client): the body as JSON, the answer parsed, a non-2xx status thrown with its text.
 */
export function httpJson<T>(agent: Agent, url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const all: Record<string, string> = { ...headers, "content-type": "application/json" };
    if (text !== undefined) all["content-length"] = String(Buffer.byteLength(text));
    const req = request(url, { method, agent, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const answer = Buffer.concat(chunks).toString("utf8");
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) return reject(new Error(`${method} ${url}: HTTP ${status} ${answer}`));
        resolve((status === 204 ? undefined : JSON.parse(answer)) as T);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(text);
  });
}
