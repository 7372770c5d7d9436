import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { AppCsp, buildSandboxCsp } from "@/lib/server/mcp/apps/sandbox-csp";
import { sandboxPage } from "@/lib/server/mcp/apps/sandbox-page";

/** The path of the sandbox proxy page: the only thing the apps listener serves. */
export const SANDBOX_PATH = "/sandbox";

export interface AppsSandboxOptions {
  /** 0 = an ephemeral port chosen by the OS. */
  port: number;
  /** The origins of Loupe's own pages: the only ones that may embed the sandbox and talk to it. */
  parentOrigins: () => string[];
}

export interface AppsSandbox {
  port: number;
  origin: string;
  close(): Promise<void>;
}

const COMMON_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

function refuse(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    ...extra,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(`${message}\n`);
}

function parseCsp(value: string | null): AppCsp | undefined | null {
  if (value === null || value === "") return undefined;
  try {
    const parsed = AppCsp.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The request handler of the apps listener. It holds no token and serves nothing of Loupe's:
 * app code that runs on this origin can reach only this page. A Host other than the listener's
 * own loopback names is refused (DNS rebinding), as is any path but `/sandbox`, any method but
 * GET/HEAD, and a `parent` that is not one of Loupe's origins.
 */
export function sandboxHandler(opts: { port: () => number; parentOrigins: () => string[] }) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const port = opts.port();
    const host = req.headers.host ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return refuse(res, 403, "Unknown host");
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "Only GET", { Allow: "GET, HEAD" });
    let url: URL;
    try {
      url = new URL(req.url ?? "/", `http://${host}`);
    } catch {
      return refuse(res, 400, "Bad URL");
    }
    if (url.pathname !== SANDBOX_PATH) return refuse(res, 404, "Not found: this port serves only the MCP app sandbox");
    const parent = url.searchParams.get("parent") ?? "";
    if (!opts.parentOrigins().includes(parent)) return refuse(res, 400, "The sandbox runs only inside Loupe");
    const csp = parseCsp(url.searchParams.get("csp"));
    if (csp === null) return refuse(res, 400, "Bad csp parameter");
    const body = sandboxPage(parent);
    res.writeHead(200, {
      ...COMMON_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Content-Security-Policy": buildSandboxCsp(csp, parent),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** Starts the apps listener on 127.0.0.1 (never another interface). */
export async function startAppsSandbox(opts: AppsSandboxOptions): Promise<AppsSandbox> {
  let port = opts.port;
  const server: Server = createServer(sandboxHandler({ port: () => port, parentOrigins: opts.parentOrigins }));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  port = typeof address === "object" && address ? address.port : opts.port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
