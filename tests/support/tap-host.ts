import http from "node:http";
import type { AddressInfo } from "node:net";
import { gate } from "@/lib/launcher/security";
import { isTapPath, serveTapHttp } from "@/lib/launcher/tap-gate";
import { installTapEndpoint } from "@/lib/server/mcp/tap/endpoint";

/**
 * Loupe's front as the launcher (server.ts) runs it, for tests: `/mcp/*` through the tap's own gate
 * and handler (lib/launcher/tap-gate.ts, the very functions server.ts calls), everything else
 * through the login-token gate, answered 200 `{ ok: true }` when it passes (Next is not needed to
 * see what the gate refuses).
 */
export interface TapHostServer {
  port: number;
  url: (tapId: string) => string;
  token: string;
  close(): Promise<void>;
}

export async function startTapHost(port: number, token = "test-login-token"): Promise<TapHostServer> {
  process.env.LOUPE_PORT = String(port);
  installTapEndpoint();
  const server = http.createServer((req, res) => {
    if (isTapPath(req.url ?? "")) return void serveTapHttp(req, res, { port });
    const decision = gate({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers }, { token, port });
    if (decision.action === "reject") {
      res.writeHead(decision.status, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ error: { message: decision.message } }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    token,
    url: (tapId) => `http://127.0.0.1:${actual}/mcp/${encodeURIComponent(tapId)}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
