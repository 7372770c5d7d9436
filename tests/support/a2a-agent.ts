import http from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON-RPC call as a scripted agent reads it: its id, method and params. */
export interface ScriptedRpc {
  id: number;
  method: string;
  params: { message: { taskId?: string; contextId?: string; parts: { text?: string }[] } } & Record<string, unknown>;
}

/** A v0.3 agent card (a top-level `url` and `protocolVersion`, JSON-RPC) for a scripted agent at `url`. */
export function v03Card(name: string, url: string, capabilities: Record<string, unknown> = {}) {
  return {
    name,
    description: `${name} (a scripted agent)`,
    version: "1",
    url: `${url}/rpc`,
    protocolVersion: "0.3.0",
    preferredTransport: "JSONRPC",
    capabilities,
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "s", description: "s", tags: [] }],
  };
}

/**
 * A scripted v0.3 JSON-RPC agent on loopback (`port` 0: any free one): serves its card at
 * /.well-known/, and hands every other request, parsed, to `answer`. Stopped by the test.
 */
export async function startScriptedA2a(
  opts: { name: string; port?: number; capabilities?: Record<string, unknown> },
  answer: (rpc: ScriptedRpc, res: http.ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  let url = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url?.startsWith("/.well-known/")) {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(v03Card(opts.name, url, opts.capabilities)));
      }
      answer(JSON.parse(Buffer.concat(chunks).toString("utf8")) as ScriptedRpc, res);
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
