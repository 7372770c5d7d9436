import { z } from "zod";

/**
 * Saved MCP connection configuration, shared by the API, the store and the UI.
 * `http` is Streamable HTTP falling back to legacy SSE when the server rejects the first POST
 * (the SDK's documented back-compat pattern); `sse` forces the legacy transport.
 */
export const TransportKind = z.enum(["stdio", "http", "sse"]);
export type TransportKind = z.infer<typeof TransportKind>;

/** What a masked secret looks like in every API response, log and export. */
export const SECRET_MASK = "••••••";

const common = {
  name: z.string().trim().min(1).max(200),
  /** Per-connection default request timeout; each call may override it. */
  requestTimeoutMs: z.number().int().min(100).max(3_600_000).default(60_000),
};

export const StdioConfig = z.object({
  ...common,
  transport: z.literal("stdio"),
  command: z.string().trim().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});

export const RemoteConfig = z.object({
  ...common,
  transport: z.enum(["http", "sse"]),
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
});

export const ConnectionInput = z.discriminatedUnion("transport", [StdioConfig, RemoteConfig]);
export type ConnectionInput = z.infer<typeof ConnectionInput>;
export type ConnectionInputDraft = z.input<typeof ConnectionInput>;

export type ConnectionConfig = ConnectionInput & {
  id: string;
  createdAt: number;
  /** The built-in demo server: recreated on each launch unless --no-demo. */
  builtin?: boolean;
};

export const ConnectionStatus = z.enum(["idle", "connecting", "connected", "disconnected", "error"]);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** Which step of connecting failed, for the connection error message. */
export type ConnectStep = "spawn" | "network" | "http" | "protocol" | "auth" | "closed";

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
}

export interface ConnectionState {
  status: ConnectionStatus;
  error?: { message: string; step?: ConnectStep };
  /** Transport actually in use (an `http` connection may have fallen back to `sse`). */
  transportUsed?: "stdio" | "streamable-http" | "sse";
  serverInfo?: ServerInfo;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  pid?: number;
  connectedAt?: number;
  /** Last lines the stdio child wrote to stderr (the full record is in the traffic store). */
  stderrTail: string[];
  /** Bumped when the server sends notifications/tools/list_changed. */
  toolsVersion: number;
  logLevel?: string;
}

/** A connection as the API shows it: config with every header and env value masked. */
export type ConnectionView = ConnectionConfig & { state: ConnectionState };
