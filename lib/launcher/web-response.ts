// Loaded by the launcher (server.ts) and the demo servers outside Next's bundles: no "server-only".
import type { ServerResponse } from "node:http";

/**
 * Streams a web Response (JSON or SSE) back through node:http: status and headers first, then the
 * body as it comes; a client that goes away cancels the body's reader.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  }
  res.end();
}
