import { createServer, request, type Server } from "node:http";

/**
 * A load balancer in front of several Loupe instances (issue 25), as small as one can be: every
 * request goes, streamed both ways, to the instance `pick()` names now (a test moves it, as a real
 * balancer does when a health check fails). Host is the instance's own, as a reverse proxy sets it.
 */
export interface Balancer {
  url: string;
  /** Where the next requests go (an instance's base URL). */
  to(base: string): void;
  close(): Promise<void>;
}

export async function startBalancer(first: string): Promise<Balancer> {
  let target = new URL(first);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("the instance behind the balancer is gone");
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    to: (base) => (target = new URL(base)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
