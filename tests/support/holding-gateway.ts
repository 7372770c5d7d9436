import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A gateway in front of an HTTP server, started by startHoldingGateway(). */
export interface HoldingGateway {
  server: Server;
  /** The gateway's own base URL (loopback). */
  url: string;
  /** The requests it held: never passed on, never answered (until the test destroys them). */
  held: ServerResponse[];
  /** Destroys what it held and stops listening. */
  close(): Promise<void>;
}

/**
 * Passes every request through to `upstream` (its Host rewritten), except those `hold` picks, which
 * it keeps unanswered: an agent server that never replies to them (a run cut off by Loupe's stop).
 */
export async function startHoldingGateway(
  upstream: string,
  hold: (req: IncomingMessage, held: readonly ServerResponse[]) => boolean,
): Promise<HoldingGateway> {
  const target = new URL(upstream);
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (hold(req, held)) {
      held.push(res);
      return;
    }
    const headers = { ...req.headers, host: target.host };
    const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
