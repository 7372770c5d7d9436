import http from "node:http";
import type { AddressInfo } from "node:net";
import { EventEncoder } from "@ag-ui/encoder";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { scriptRun } from "./script";
import type { ThreadMemory } from "./script";

/**
 * The demo AG-UI agent: an HTTP server that answers a POSTed RunAgentInput with an SSE stream of
 * AG-UI events encoded by @ag-ui/encoder. Runs inside the process that starts it, so it dies with it.
 */
export interface AguiDemo {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error("body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startAguiDemo(opts: { port?: number } = {}): Promise<AguiDemo> {
  const threads = new Map<string, ThreadMemory>();
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(e instanceof Error ? e.message : String(e));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ name: "Loupe demo AG-UI agent", protocol: "ag-ui" }));
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readBody(req));
    } catch (e) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`Body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const parsed = RunAgentInputSchema.safeParse(json);
    if (!parsed.success) {
      res.writeHead(422, { "content-type": "text/plain" }).end(`Not a RunAgentInput: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      return;
    }
    const input = parsed.data;
    let memory = threads.get(input.threadId);
    if (!memory) threads.set(input.threadId, (memory = { pending: [] }));
    const encoder = new EventEncoder({ accept: req.headers.accept });
    res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
    let closed = false;
    res.on("close", () => (closed = true));
    for (const step of scriptRun(input, memory)) {
      if (closed) return;
      if ("pauseMs" in step) await sleep(step.pauseMs as number);
      else res.write(encoder.encodeSSE({ ...step, timestamp: Date.now() }));
    }
    res.end();
  }

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
