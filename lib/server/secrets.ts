import "server-only";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionConfig, ConnectionInput } from "@/lib/contracts/connections";

function maskValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, SECRET_MASK]));
}

type RemoteInput = Exclude<ConnectionInput, { transport: "stdio" }>;

function maskOAuth(oauth: RemoteInput["oauth"]): RemoteInput["oauth"] {
  if (!oauth?.clientSecret) return oauth;
  return { ...oauth, clientSecret: SECRET_MASK };
}

/**
 * The config as every API response shows it: env and header values and the OAuth client
 * secret replaced by SECRET_MASK.
 */
export function maskConfig<T extends ConnectionInput>(config: T): T {
  if (config.transport === "stdio") return { ...config, env: maskValues(config.env) };
  const oauth = maskOAuth(config.oauth);
  return { ...config, headers: maskValues(config.headers), ...(oauth ? { oauth } : {}) };
}

function mergeValues(incoming: Record<string, string>, stored: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (value !== SECRET_MASK) {
      out[key] = value;
      continue;
    }
    const kept = stored?.[key];
    // A mask with nothing stored behind it is not a value anyone typed: drop it, never save the mask.
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/**
 * An edited config as sent back by the UI: values equal to SECRET_MASK mean "keep what is
 * stored" (the browser never saw the secret). Keys absent from the input are removed.
 */
export function mergeSecrets(incoming: ConnectionInput, stored: ConnectionConfig | undefined): ConnectionInput {
  if (incoming.transport === "stdio") {
    const prev = stored?.transport === "stdio" ? stored.env : undefined;
    return { ...incoming, env: mergeValues(incoming.env, prev) };
  }
  const prevRemote = stored && stored.transport !== "stdio" ? stored : undefined;
  const merged: RemoteInput = { ...incoming, headers: mergeValues(incoming.headers, prevRemote?.headers) };
  if (incoming.oauth?.clientSecret === SECRET_MASK) {
    // Same rule as headers: the mask means "keep"; with nothing stored behind it, no secret.
    const kept = prevRemote?.oauth?.clientSecret;
    const { clientSecret: _mask, ...rest } = incoming.oauth;
    merged.oauth = kept !== undefined ? { ...rest, clientSecret: kept } : rest;
  }
  return merged;
}
