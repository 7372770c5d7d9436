import "server-only";
import type { ChildProcess } from "node:child_process";
import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ConnectionConfig, ConnectStep } from "@/lib/contracts/connections";

export type TransportUsed = "stdio" | "streamable-http" | "sse";
type StdioConnection = Extract<ConnectionConfig, { transport: "stdio" }>;
type RemoteConnection = Exclude<ConnectionConfig, { transport: "stdio" }>;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The SDK's stdio transport drops the child's exit code (its onclose takes no argument); we need
 * it for "The server process exited with code N", so we listen on the child it spawned.
 */
export class ObservedStdioTransport extends StdioClientTransport {
  exit: ChildExit | null = null;

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once("exit", (code, signal) => {
      this.exit = { code, signal };
    });
  }
}

export function createStdioTransport(config: StdioConnection): ObservedStdioTransport {
  return new ObservedStdioTransport({
    command: config.command,
    args: config.args,
    env: { ...getDefaultEnvironment(), ...config.env },
    cwd: config.cwd,
    stderr: "pipe",
  });
}

/** OAuth provider and the fetch that records HTTP exchanges, for remote transports. */
export interface RemoteAuth {
  authProvider?: OAuthClientProvider;
  fetch?: FetchLike;
}

export function createRemoteTransport(
  config: RemoteConnection,
  kind: "streamable-http" | "sse",
  auth: RemoteAuth = {},
): Transport {
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  if (kind === "streamable-http") {
    return new StreamableHTTPClientTransport(url, { requestInit, authProvider: auth.authProvider, fetch: auth.fetch });
  }
  return new SSEClientTransport(url, {
    requestInit,
    authProvider: auth.authProvider,
    fetch: auth.fetch,
    // The GET event stream is opened by the eventsource package, which only sees these headers
    // through its own fetch (older SDKs ignored requestInit there).
    eventSourceInit: {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        for (const [key, value] of Object.entries(config.headers)) headers.set(key, value);
        return (auth.fetch ?? fetch)(input, { ...init, headers });
      },
    },
  });
}

function httpStatus(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === "number" ? error.code : undefined;
  }
  return undefined;
}

/** The SDK's back-compat rule: a Streamable HTTP POST answered with 4xx means "try legacy SSE". */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** Which step of connecting failed, for the connection error shown to the user. */
export function classifyConnectError(error: unknown, transport: TransportUsed): ConnectStep {
  const status = httpStatus(error);
  if (status === 401 || status === 403) return "auth";
  if (status !== undefined && status > 0) return "http";
  const code = (error as { code?: unknown } | null)?.code;
  if (transport === "stdio" && (code === "ENOENT" || code === "EACCES")) return "spawn";
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (transport !== "stdio" && (error instanceof TypeError || typeof cause?.code === "string")) {
    return "network";
  }
  return "protocol";
}

export function describeExit(exit: ChildExit): string {
  return exit.signal
    ? `was killed by ${exit.signal}`
    : `exited with code ${exit.code ?? "unknown"}`;
}
