import { ConnectionInput } from "@/lib/contracts/connections";
import type {
  ClientAuthMethod,
  ConnectionInputDraft,
  ConnectionView,
  JwtSigningAlgorithm,
  OAuthGrant,
  OAuthSettings,
  ProtocolEraSetting,
  TransportKind,
} from "@/lib/contracts/connections";
import { joinCommandLine, splitCommandLine } from "@/lib/shell-split";

export interface KeyValueRow {
  key: string;
  value: string;
}

/** The add/edit form's state: text fields as typed, converted to ConnectionInput on submit. */
export interface ConnectionDraft {
  name: string;
  transport: TransportKind;
  command: string;
  /** One line, split like a shell (quotes respected) into args. */
  args: string;
  env: KeyValueRow[];
  cwd: string;
  url: string;
  headers: KeyValueRow[];
  requestTimeoutMs: string;
  /** Which MCP revision to speak: auto (server/discover, then the handshake) or a pinned one. */
  protocolEra: ProtocolEraSetting;
  /** OAuth 2.1 (remote transports). An empty client id means dynamic client registration. */
  oauthEnabled: boolean;
  /** How tokens are got: a user's sign-in (default) or client credentials (no browser). */
  oauthGrant: OAuthGrant;
  oauthClientId: string;
  /** Client credentials: the secret methods use oauthClientSecret, private_key_jwt the key fields. */
  oauthClientAuth: ClientAuthMethod;
  /** PEM; arrives as SECRET_MASK when one is stored; sent back unchanged it is kept. */
  oauthPrivateKey: string;
  oauthKeyId: string;
  oauthSigningAlgorithm: JwtSigningAlgorithm;
  /** Arrives as SECRET_MASK when one is stored; sent back unchanged it is kept. */
  oauthClientSecret: string;
  oauthScope: string;
  /** Client ID Metadata Document URL (https), used as client id where the server supports CIMD. */
  oauthClientMetadataUrl: string;
  /** Settings edited elsewhere (Client tab) that an edit here must not drop. */
  kept: Pick<ConnectionInputDraft, "clientCapabilities" | "roots">;
}

export type DraftField = keyof ConnectionDraft;

export type DraftResult = { ok: true; input: ConnectionInput } | { ok: false; errors: Partial<Record<DraftField, string>> };

const OAUTH_FIELD: Record<string, DraftField> = {
  clientId: "oauthClientId",
  clientSecret: "oauthClientSecret",
  scope: "oauthScope",
  clientMetadataUrl: "oauthClientMetadataUrl",
  grant: "oauthGrant",
  clientAuth: "oauthClientAuth",
  privateKey: "oauthPrivateKey",
  keyId: "oauthKeyId",
  signingAlgorithm: "oauthSigningAlgorithm",
};

export function emptyDraft(): ConnectionDraft {
  return {
    name: "",
    transport: "stdio",
    command: "",
    args: "",
    env: [],
    cwd: "",
    url: "",
    headers: [],
    requestTimeoutMs: "60000",
    protocolEra: "auto",
    oauthEnabled: false,
    oauthGrant: "authorization_code",
    oauthClientId: "",
    oauthClientAuth: "client_secret_basic",
    oauthPrivateKey: "",
    oauthKeyId: "",
    oauthSigningAlgorithm: "RS256",
    oauthClientSecret: "",
    oauthScope: "",
    oauthClientMetadataUrl: "",
    kept: {},
  };
}

/** Whether the remote draft sets an Authorization header of its own (it conflicts with OAuth). */
export function hasAuthorizationHeader(d: ConnectionDraft): boolean {
  return d.headers.some((row) => row.key.trim().toLowerCase() === "authorization");
}

/** Secrets arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function draftFromView(view: ConnectionView): ConnectionDraft {
  const d = emptyDraft();
  d.name = view.name;
  d.transport = view.transport;
  d.requestTimeoutMs = String(view.requestTimeoutMs);
  d.protocolEra = view.protocolEra ?? "auto";
  d.kept = {
    ...(view.clientCapabilities ? { clientCapabilities: view.clientCapabilities } : {}),
    ...(view.roots ? { roots: view.roots } : {}),
  };
  if (view.transport === "stdio") {
    d.command = view.command;
    d.args = joinCommandLine(view.args);
    d.env = toRows(view.env);
    d.cwd = view.cwd ?? "";
  } else {
    d.url = view.url;
    d.headers = toRows(view.headers);
    d.oauthEnabled = view.oauth?.enabled ?? false;
    d.oauthGrant = view.oauth?.grant ?? "authorization_code";
    d.oauthClientId = view.oauth?.clientId ?? "";
    d.oauthClientAuth = view.oauth?.clientAuth ?? "client_secret_basic";
    d.oauthPrivateKey = view.oauth?.privateKey ?? "";
    d.oauthKeyId = view.oauth?.keyId ?? "";
    d.oauthSigningAlgorithm = view.oauth?.signingAlgorithm ?? "RS256";
    d.oauthClientSecret = view.oauth?.clientSecret ?? "";
    d.oauthScope = view.oauth?.scope ?? "";
    d.oauthClientMetadataUrl = view.oauth?.clientMetadataUrl ?? "";
  }
  return d;
}

export function draftToInput(d: ConnectionDraft): DraftResult {
  const errors: Partial<Record<DraftField, string>> = {};
  let command = d.command.trim();
  let args: string[] = [];
  try {
    args = splitCommandLine(d.args);
    // A pasted "npx -y some-server" in the command field is the common case: split it too.
    if (/\s/.test(command)) {
      const words = splitCommandLine(command);
      command = words[0] ?? "";
      args = [...words.slice(1), ...args];
    }
  } catch (e) {
    errors[/\s/.test(command) && d.args.trim() === "" ? "command" : "args"] = (e as Error).message;
  }
  const timeout = Number(d.requestTimeoutMs);
  const common = {
    ...d.kept,
    name: d.name,
    requestTimeoutMs: d.requestTimeoutMs.trim() === "" ? undefined : timeout,
    // "auto" is what an absent setting means: saved only when pinned.
    ...(d.protocolEra !== "auto" ? { protocolEra: d.protocolEra } : {}),
  };
  const candidate =
    d.transport === "stdio"
      ? {
          ...common,
          transport: "stdio" as const,
          command,
          args,
          env: fromRows(d.env, "env", errors),
          cwd: d.cwd.trim() || undefined,
        }
      : {
          ...common,
          transport: d.transport,
          url: d.url.trim(),
          headers: fromRows(d.headers, "headers", errors),
          ...oauthFromDraft(d),
        };

  const parsed = ConnectionInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, sub] = issue.path.map(String);
      const field = (head === "oauth" ? (OAUTH_FIELD[sub ?? ""] ?? "oauthEnabled") : (head ?? "name")) as DraftField;
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** The oauth block, left out entirely when OAuth was never set up (off and every field empty). */
function oauthFromDraft(d: ConnectionDraft): { oauth?: OAuthSettings } {
  const clientId = d.oauthClientId.trim();
  const scope = d.oauthScope.trim().split(/\s+/).filter(Boolean).join(" ");
  const secret = d.oauthClientSecret;
  const clientMetadataUrl = d.oauthClientMetadataUrl.trim();
  if (!d.oauthEnabled && !clientId && !secret && !scope && !clientMetadataUrl) return {};
  if (d.oauthGrant === "client_credentials")
    return { oauth: { enabled: d.oauthEnabled, ...clientCredentialsFromDraft(d, clientId, scope) } };
  return {
    oauth: {
      enabled: d.oauthEnabled,
      ...(clientId ? { clientId } : {}),
      ...(secret ? { clientSecret: secret } : {}),
      ...(scope ? { scope } : {}),
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    },
  };
}

/** Client credentials keep only what the chosen method uses: the secret, or the key, its id and algorithm. */
function clientCredentialsFromDraft(d: ConnectionDraft, clientId: string, scope: string): Omit<OAuthSettings, "enabled"> {
  const keyId = d.oauthKeyId.trim();
  const jwt = d.oauthClientAuth === "private_key_jwt";
  return {
    grant: "client_credentials",
    clientAuth: d.oauthClientAuth,
    ...(clientId ? { clientId } : {}),
    ...(!jwt && d.oauthClientSecret ? { clientSecret: d.oauthClientSecret } : {}),
    ...(jwt && d.oauthPrivateKey.trim() ? { privateKey: d.oauthPrivateKey.trim() } : {}),
    ...(jwt && keyId ? { keyId } : {}),
    ...(jwt ? { signingAlgorithm: d.oauthSigningAlgorithm } : {}),
    ...(scope ? { scope } : {}),
  };
}

function toRows(record: Record<string, string>): KeyValueRow[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }));
}

function fromRows(rows: KeyValueRow[], field: "env" | "headers", errors: Partial<Record<DraftField, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) {
    const k = key.trim();
    if (!k && !value) continue; // an empty row left by "add" is not an error
    if (!k) errors[field] = "Every value needs a name";
    else if (k in out) errors[field] = `"${k}" appears twice`;
    else out[k] = value;
  }
  return out;
}
