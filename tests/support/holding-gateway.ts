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

/** What a gateway does besides passing requests through and holding some. */
export interface HoldingGatewayOptions {
  /** Answers a request itself, in place of the upstream (true when it did): an agent server refusing it, say. Asked after `hold`. */
  answer?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * Serves what the upstream serves under /.well-known/ with the upstream's URL replaced by the
   * gateway's, as JSON: an A2A agent card naming the gateway, so that the calls come here too.
   */
  cardsNameGateway?: boolean;
}

/**
 * Passes every request through to `upstream` (its Host rewritten), except those `hold` picks, which
 * it keeps unanswered: an agent server that never replies to them (a run cut off by Loupe's stop).
 */
export async function startHoldingGateway(
  upstream: string,
  hold: (req: IncomingMessage, held: readonly ServerResponse[]) => boolean,
  opts: HoldingGatewayOptions = {},
): Promise<HoldingGateway> {
  const target = new URL(upstream);
  const held: ServerResponse[] = [];
  let url = "";
  const server = createServer((req, res) => {
    if (hold(req, held)) {
      held.push(res);
      return;
    }
    if (opts.answer?.(req, res)) return;
    const headers = { ...req.headers, host: target.host };
    const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (up) => {
      if (!opts.cardsNameGateway || !req.url?.startsWith("/.well-known/")) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        return void up.pipe(res);
      }
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        const card = Buffer.concat(chunks).toString("utf8").replaceAll(upstream, url);
        res.writeHead(up.statusCode ?? 502, { "content-type": "application/json" });
        res.end(card);
      });
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    held,
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
