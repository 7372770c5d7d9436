import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { streamEventEntries } from "@/lib/contracts/entries";
import { SseParser } from "@/lib/sse-reader";
import { firstLine } from "@/tests/support/processes";

/** A Loupe instance in its own process (tests/support/instance-host.ts) on a shared store. */
export interface Instance {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startInstance(dataDir: string, databaseUrl: string | undefined): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions", "react-server", path.join(root, "tests/support/instance-host.ts")],
    {
      cwd: root,
      env: { ...process.env, LOUPE_DATA_DIR: dataDir, LOUPE_DATABASE_URL: databaseUrl ?? "" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await firstLine(child, "a Loupe instance");
  const port = /^ready (\d+)$/.exec(line)?.[1];
  if (!port) throw new Error(`the instance said "${line}"`);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { base: `http://127.0.0.1:${port}`, child, stop };
}

/** A browser's live stream (GET /api/stream) on an instance: the seqs it got, resumable after any seq. */
export interface StreamClient {
  seqs: number[];
  raws: unknown[];
  close(): void;
  /** Resolves when it has `count` entries. */
  until(count: number, ms?: number): Promise<void>;
}

export function streamFrom(base: string, after: number): StreamClient {
  const aborted = new AbortController();
  const client: StreamClient = {
    seqs: [],
    raws: [],
    close: () => aborted.abort(),
    until: async (count, ms = 30_000) => {
      const started = Date.now();
      while (client.seqs.length < count) {
        if (Date.now() - started > ms) throw new Error(`the stream from ${base} got ${client.seqs.length} of ${count} entries`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  void (async () => {
    const res = await fetch(`${base}/api/stream?runs=1`, { headers: { "last-event-id": String(after) }, signal: aborted.signal });
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        for (const entry of streamEventEntries(event.event, event.data)) {
          client.seqs.push(entry.seq);
          client.raws.push(entry.raw);
        }
      }
    }
  })().catch(() => undefined);
  return client;
}

/** POSTs JSON to an instance and answers the parsed body (a non-2xx status is thrown with its text). */
export async function post<T>(base: string, route: string, body: unknown): Promise<T> {
  const res = await fetch(base + route, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${route}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}
