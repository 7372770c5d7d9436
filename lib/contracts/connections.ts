import { z } from "zod";
import { HttpHeaders, SECRET_MASK, wireString } from "@/lib/contracts/wire-strings";
export { SECRET_MASK };
import type { HeldBy } from "@/lib/contracts/cluster";
import type { TapView } from "@/lib/contracts/taps";

/**
 * Saved MCP connection configuration, shared by the API, the store and the UI.
 * `http` is Streamable HTTP falling back to legacy SSE when the server rejects the first POST
 * (the SDK's documented back-compat pattern); `sse` forces the legacy transport.
 */
export const TransportKind = z.enum(["stdio", "http", "sse"]);
export type TransportKind = z.infer<typeof TransportKind>;

/**
 * What Loupe declares in `initialize` (issue 4). Loupe answers every one of these itself: sampling
 * and elicitation land in the inbox, roots come from the connection's list. server-everything
 * registers 13 tools for none of them, 17 with sampling + elicitation + roots, 19 with tasks too.
 * Changing them takes a reconnect (capabilities are fixed for a session).
 */
export const ClientCapabilitiesConfig = z.object({
  sampling: z.boolean().default(true),
  elicitationForm: z.boolean().default(true),
  elicitationUrl: z.boolean().default(true),
  roots: z.boolean().default(true),
  /** tasks.requests.{sampling.createMessage, elicitation.create}: the server may ask them as tasks. */
  tasks: z.boolean().default(false),
});
export type ClientCapabilitiesConfig = z.infer<typeof ClientCapabilitiesConfig>;
export const DEFAULT_CLIENT_CAPABILITIES: ClientCapabilitiesConfig = ClientCapabilitiesConfig.parse({});

/** One entry of the roots list Loupe answers to roots/list. */
export const RootEntry = z.object({
  uri: z.string().trim().min(1),
  name: z.string().trim().optional(),
});
export type RootEntry = z.infer<typeof RootEntry>;

/**
 * Which MCP revision a connection speaks. `auto` probes with `server/discover` (2026-07-28) and
 * falls back to the 2025-11-25 `initialize` handshake; a pinned era never falls back.
 */
export const ProtocolEraSetting = z.enum(["auto", "2025-11-25", "2026-07-28"]);
export type ProtocolEraSetting = z.infer<typeof ProtocolEraSetting>;

const common = {
  name: z.string().trim().min(1).max(200),
  /** Absent (configs saved before issue 13) = "auto". */
  protocolEra: ProtocolEraSetting.optional(),
  /** Per-connection default request timeout; each call may override it. */
  requestTimeoutMs: z.number().int().min(100).max(3_600_000).default(60_000),
  /** Absent = DEFAULT_CLIENT_CAPABILITIES (configs saved before issue 4 have none). */
  clientCapabilities: ClientCapabilitiesConfig.optional(),
  /** Absent = no roots. */
  roots: z.array(RootEntry).max(500).optional(),
};

/** How Loupe gets a token: a user signs in (authorization code, PKCE), or Loupe asks as itself (client credentials, SEP-1046). */
export const OAuthGrant = z.enum(["authorization_code", "client_credentials"]);
export type OAuthGrant = z.infer<typeof OAuthGrant>;
/** How a client-credentials request authenticates the client at the token endpoint (RFC 6749 §2.3.1, RFC 7523 §2.2). */
export const ClientAuthMethod = z.enum(["client_secret_basic", "client_secret_post", "private_key_jwt"]);
export type ClientAuthMethod = z.infer<typeof ClientAuthMethod>;
/** The JWS algorithms a private_key_jwt assertion can be signed with (RFC 7518 §3.1, RFC 8037). */
export const JwtSigningAlgorithm = z.enum(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]);
export type JwtSigningAlgorithm = z.infer<typeof JwtSigningAlgorithm>;

const PEM_PRIVATE_KEY = /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/;

/**
 * OAuth 2.1 for a remote server (the SDK's auth provider). Without a client id Loupe registers
 * itself dynamically; `clientSecret` and `privateKey` are secrets (masked like headers). Tokens
 * never live here: they are kept server-side in the store, per connection.
 */
export const OAuthSettings = z
  .object({
    enabled: z.boolean().default(true),
    /** Absent: authorization_code (a user signs in in the browser). */
    grant: OAuthGrant.optional(),
    clientId: wireString().trim().optional(),
    clientSecret: wireString().optional(),
    /** Client credentials only; absent: client_secret_basic. */
    clientAuth: ClientAuthMethod.optional(),
    /** private_key_jwt: the client's private key, PEM (PKCS#8, or PKCS#1/SEC1). */
    privateKey: z.string().optional(),
    /** private_key_jwt: the `kid` the authorization server knows the public key by (optional). */
    keyId: z.string().trim().optional(),
    /** private_key_jwt: the assertion's `alg`. */
    signingAlgorithm: JwtSigningAlgorithm.optional(),
    /** Space-separated scopes to ask for; empty = what the server advertises. */
    scope: z.string().trim().optional(),
    /**
     * A Client ID Metadata Document URL (CIMD) to use as client id with authorization servers that
     * support it (`client_id_metadata_document_supported`); it must be an https URL the server can fetch.
     */
    clientMetadataUrl: z.url().optional(),
  })
  .superRefine((o, ctx) => {
    if (!o.enabled || o.grant !== "client_credentials") return;
    const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!o.clientId) need("clientId", "Client credentials need the client id the authorization server issued");
    if ((o.clientAuth ?? "client_secret_basic") !== "private_key_jwt") {
      if (!o.clientSecret) need("clientSecret", "Client credentials with a client secret need the secret");
      return;
    }
    if (!o.privateKey) need("privateKey", "private_key_jwt needs the client's private key (PEM)");
    else if (o.privateKey !== SECRET_MASK && !PEM_PRIVATE_KEY.test(o.privateKey))
      need("privateKey", "Not a PEM private key: paste the whole -----BEGIN PRIVATE KEY----- block");
    if (!o.signingAlgorithm) need("signingAlgorithm", "private_key_jwt needs the signing algorithm");
  });
export type OAuthSettings = z.infer<typeof OAuthSettings>;

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
  headers: HttpHeaders,
  oauth: OAuthSettings.optional(),
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

/** The era a connected session speaks, and why (what `server/discover` returned, or that it failed). */
export interface ConnectionEra {
  version: string;
  mode: "modern" | "legacy";
  why: string;
  /** The server's `server/discover` result on a modern connection. */
  discover?: unknown;
  /** Set when an `auto` session reused the verdict of an earlier probe (when that probe ran, epoch ms). */
  rememberedAt?: number;
}

export interface ConnectionState {
  status: ConnectionStatus;
  /** Set once connected. */
  era?: ConnectionEra;
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
  /** Bumped on notifications/resources/list_changed and notifications/prompts/list_changed. */
  resourcesVersion?: number;
  promptsVersion?: number;
  /** Resource URIs this session is subscribed to (resources/subscribe). */
  subscriptions?: string[];
  /** OAuth state of a remote connection (no tokens here: they stay server-side). */
  auth?: AuthState;
  /** Last ping: round trip in ms, or the error. */
  lastPing?: { at: number; ms?: number; error?: string };
  /** When connecting failed: each step checked, in order (the connection doctor). */
  diagnosis?: DiagnosisStep[];
  /**
   * Set while Loupe reconnects a lost remote by itself: the attempt running (status "connecting")
   * or the next one and when it starts (status "error"), for a countdown. Absent otherwise.
   */
  reconnect?: ReconnectInfo;
}

export interface ReconnectInfo {
  /** 1-based number of the attempt running or coming next. */
  attempt: number;
  max: number;
  /** Epoch ms the attempt starts (or started). */
  nextAt: number;
}

export type AuthStatus = "none" | "needs_authorization" | "authorizing" | "authorized" | "error";

export interface AuthState {
  status: AuthStatus;
  /** Where the user must go to authorize (opened by the browser); set with needs_authorization. */
  authorizationUrl?: string;
  /** Granted scope, token type and expiry of the current access token (never the token). */
  scope?: string;
  expiresAt?: number;
  /** A dynamically registered or pre-registered client id (not secret). */
  clientId?: string;
  message?: string;
}

/** One step of the connection doctor: spawn, dns, tcp, http, protocol, auth … */
export interface DiagnosisStep {
  step: "spawn" | "dns" | "tcp" | "http" | "protocol" | "auth" | "initialize";
  ok: boolean;
  /** What was checked and what was found, in words. */
  detail: string;
  ms?: number;
}

/**
 * A connection as the API shows it: config with every header and env value masked. `tap`: the
 * connection's MCP tap when it is on (issue 10; GET /api/connections and …/:id), without its key.
 * `heldBy`: with several instances on one database, the one holding its lease (it alone connects it;
 * elsewhere `state` is what the holder published).
 */
export type ConnectionView = ConnectionConfig & { state: ConnectionState; tap?: TapView; heldBy?: HeldBy };
