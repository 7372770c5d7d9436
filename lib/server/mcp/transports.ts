import "server-only";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { PassThrough } from "node:stream";
import { SdkHttpError, SseError, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import type {
  FetchLike,
  JSONRPCMessage,
  OAuthClientProvider,
  StreamableHTTPReconnectionOptions,
  Transport,
} from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { StdioServerParameters } from "@modelcontextprotocol/client/stdio";
import type { ConnectionConfig, ConnectStep } from "@/lib/contracts/connections";
import { ObservedSseTransport } from "@/lib/server/mcp/http-refusal";
import { StdioFraming } from "@/lib/server/mcp/stdio-framing";
import { attachLifeline, LIFELINE_SUPPORTED } from "@/lib/server/mcp/stdio-lifeline";
import { watchingFetch } from "@/lib/server/mcp/stream-watch";
import type { StreamWatch } from "@/lib/server/mcp/stream-watch";
import { networkFetch } from "@/lib/server/mcp/network/recording-fetch";
import type { NetworkSink } from "@/lib/server/mcp/network/recording-fetch";
import { errorMessage, isRecord } from "@/lib/values";

export { dedupeSseEvents, isSessionGone, watchingFetch } from "@/lib/server/mcp/stream-watch";
export type { StreamWatch } from "@/lib/server/mcp/stream-watch";

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

  constructor(...args: ConstructorParameters<typeof StdioClientTransport>) {
    super(...args);
    // Loupe's own framing: a 64 MiB line limit said in words, and garbage lines kept with their text.
    // The SDK keeps its buffer, child and parameters private; TypeScript's bracket access reaches them.
    this["_readBuffer"] = new StdioFraming();
  }

  private corked = false;

  /**
   * The first message of a turn of the event loop leaves at once: the server starts on it while
   * Loupe records it (issue 23: a lone tapped call waited for the end of the turn). The messages
   * sent after it in the same turn leave together in one write to the server's stdin, once the
   * turn's I/O was handled: 50 tapped calls arriving together were 50 system calls, each waking
   * the server.
   */
  override send(message: JSONRPCMessage): Promise<void> {
    const stdin: ChildProcess["stdin"] | undefined = this["_process"]?.stdin;
    if (!stdin || this.corked) return super.send(message);
    this.corked = true;
    const sent = super.send(message);
    stdin.cork();
    setImmediate(() => {
      this.corked = false;
      stdin.uncork();
    });
    return sent;
  }

  override async start(): Promise<void> {
    if (LIFELINE_SUPPORTED) await this.startInOwnGroup();
    else await super.start();
    const child: ChildProcess | undefined = this["_process"];
    child?.once("exit", (code, signal) => {
      this.exit = { code, signal };
    });
    // The server (and what it spawned) ends with Loupe, even a Loupe that was SIGKILLed.
    if (child) attachLifeline(child);
  }

  /**
   * The SDK's start(), but with the child leading its own process group (`detached`), so the
   * lifeline can end the server's grandchildren too (`npx` → node, a wrapper script → python).
   * Same wiring as the SDK: its close(), send() and pid keep working on `_process`.
   */
  private startInOwnGroup(): Promise<void> {
    if (this["_process"]) throw new Error("StdioClientTransport already started");
    const params: StdioServerParameters = this["_serverParams"];
    const readBuffer: StdioFraming = this["_readBuffer"];
    const stderrStream: PassThrough | null = this["_stderrStream"];
    return new Promise((resolve, reject) => {
      const child: ChildProcess = spawn(params.command, params.args ?? [], {
        env: { ...getDefaultEnvironment(), ...params.env } as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", params.stderr ?? "inherit"],
        cwd: params.cwd,
        detached: true,
        shell: false,
      });
      this["_process"] = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", () => {
        this["_process"] = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        try {
          readBuffer.append(chunk);
          this["processReadBuffer"]();
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          this.close().catch(() => undefined);
        }
      });
      child.stdout?.on("error", (error) => this.onerror?.(error));
      if (stderrStream && child.stderr) child.stderr.pipe(stderrStream);
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
  /** Where every HTTP exchange of the transport is recorded (the Network view). */
  network?: NetworkSink;
}

/**
 * How the SDK re-opens a dropped Streamable HTTP event stream (with Last-Event-ID). Its default
 * gives up after 2 tries (≈2.5 s), less than a server restart takes; this rides out about 12 s.
 * A server's SSE `retry:` field replaces these delays (the SDK honours it).
 */
export const RECONNECTION_OPTIONS: StreamableHTTPReconnectionOptions = {
  initialReconnectionDelay: 500,
  maxReconnectionDelay: 5_000,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 5,
};

export function createRemoteTransport(
  config: RemoteConnection,
  kind: "streamable-http" | "sse",
  auth: RemoteAuth = {},
  watch?: StreamWatch,
): Transport {
  // Every fetch of the transport (MCP, event streams, OAuth discovery) goes through the recorder.
  auth = { ...auth, fetch: networkFetch(auth.fetch, auth.network) };
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  if (kind === "streamable-http") {
    return new StreamableHTTPClientTransport(url, {
      requestInit,
      authProvider: auth.authProvider,
      fetch: watch ? watchingFetch(auth.fetch, watch) : auth.fetch,
      reconnectionOptions: RECONNECTION_OPTIONS,
    });
  }
  // The GET event stream is opened by the eventsource package, which only sees these headers
  // through its own fetch (older SDKs ignored requestInit there).
  return new ObservedSseTransport(url, { requestInit, authProvider: auth.authProvider, fetch: auth.fetch }, (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [key, value] of Object.entries(config.headers)) headers.set(key, value);
    return (auth.fetch ?? fetch)(input, { ...init, headers });
  });
}

function httpStatus(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return typeof error.status === "number" ? error.status : undefined;
  if (error instanceof SseError) return typeof error.code === "number" ? error.code : undefined;
  return undefined;
}

/** The SDK's back-compat rule: a Streamable HTTP POST answered with 4xx means "try legacy SSE". */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** Which step of connecting failed, for the connection error shown to the user. */
export function classifyConnectError(error: unknown, transport: TransportUsed): ConnectStep {
  // The SDK's auth provider throws this when the user must authorize first (OAuth).
  if (error instanceof UnauthorizedError) return "auth";
  const status = httpStatus(error);
  if (status === 401 || status === 403) return "auth";
  if (status !== undefined && status > 0) return "http";
  const code = isRecord(error) ? error.code : undefined;
  if (transport === "stdio" && (code === "ENOENT" || code === "EACCES")) return "spawn";
  const cause = isRecord(error) ? error.cause : undefined;
  if (transport !== "stdio" && (error instanceof TypeError || (isRecord(cause) && typeof cause.code === "string"))) {
    return "network";
  }
  return "protocol";
}

export function describeExit(exit: ChildExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? "unknown"}`;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "the connection was reset",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed (temporary DNS failure)",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "the connection closed unexpectedly",
  UND_ERR_CONNECT_TIMEOUT: "timed out while connecting",
};

/** "fetch failed" says nothing: name the cause (connection refused, host not found, …). */
export function describeNetworkError(error: unknown): string {
  const message = errorMessage(error);
  const cause = isRecord(error) && isRecord(error.cause) ? error.cause : undefined;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  if (!code) return message;
  const words = NETWORK_WORDS[code] ?? (typeof cause?.message === "string" ? cause.message : code);
  return `${words} (${code})`;
}
