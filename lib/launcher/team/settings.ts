import { createHash } from "node:crypto";
import { ROLES, type Role } from "@/lib/contracts/people";

/**
 * Team mode's settings, read once from the environment when the launcher starts (the client secret
 * stays in this process: it is never in LOUPE_BOOT, a page or a log).
 */
export interface TeamSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Where browsers reach Loupe (LOUPE_PUBLIC_URL; default the loopback address): the redirect URI's base. */
  publicUrl: URL;
  /** The claims that carry a role, in order: LOUPE_OIDC_ROLE_CLAIM, else `loupe_role` then `groups`. */
  roleClaims: string[];
  /** Claim values → roles (LOUPE_OIDC_ROLE_MAP="oncall=responder,platform=admin"); a role's own name maps to itself. */
  roleMap: Map<string, Role>;
  scopes: string;
  /** The session cookie: Secure unless --insecure-http. */
  secureCookie: boolean;
  cookieName: string;
}

export class TeamSettingsError extends Error {}

function isRole(value: string): value is Role {
  return ROLES.some((r) => r === value);
}

export function parseRoleMap(text: string | undefined): Map<string, Role> {
  const map = new Map<string, Role>(ROLES.map((r) => [r, r]));
  for (const pair of (text ?? "").split(",")) {
    if (!pair.trim()) continue;
    const at = pair.lastIndexOf("=");
    const value = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !isRole(role)) throw new TeamSettingsError(`LOUPE_OIDC_ROLE_MAP: "${pair.trim()}" is not value=viewer|responder|admin`);
    map.set(value, role);
  }
  return map;
}

/**
 * The cookie's name: browsers send a host's cookies to every port of it, so the name carries a hash
 * of Loupe's public address (another Loupe, or another local server, never shares it). With TLS the
 * `__Host-` prefix also pins it to this exact host, path `/` and Secure.
 */
export function sessionCookieName(publicUrl: URL, secure: boolean): string {
  const tag = createHash("sha256").update(publicUrl.origin).digest("hex").slice(0, 10);
  return `${secure ? "__Host-" : ""}loupe_session_${tag}`;
}

export function teamSettings(env: Record<string, string | undefined>, port: number, insecureHttp: boolean): TeamSettings {
  const issuer = env.LOUPE_OIDC_ISSUER;
  const clientId = env.LOUPE_OIDC_CLIENT_ID;
  if (!issuer || !clientId) throw new TeamSettingsError("Team mode needs LOUPE_OIDC_ISSUER and LOUPE_OIDC_CLIENT_ID");
  const publicUrl = new URL(env.LOUPE_PUBLIC_URL || `http://127.0.0.1:${port}`);
  const claim = env.LOUPE_OIDC_ROLE_CLAIM?.trim();
  const secureCookie = !insecureHttp;
  return {
    issuer,
    clientId,
    clientSecret: env.LOUPE_OIDC_CLIENT_SECRET || undefined,
    publicUrl,
    roleClaims: claim ? [claim] : ["loupe_role", "groups"],
    roleMap: parseRoleMap(env.LOUPE_OIDC_ROLE_MAP),
    scopes: env.LOUPE_OIDC_SCOPES?.trim() || "openid profile email",
    secureCookie,
    cookieName: sessionCookieName(publicUrl, secureCookie),
  };
}

/**
 * The role the provider's claims give: the highest role any value of the first role claim present
 * maps to (a string or a list, such as `groups`); viewer when none does.
 */
export function roleFromClaims(claims: Record<string, unknown>, settings: Pick<TeamSettings, "roleClaims" | "roleMap">): Role {
  for (const name of settings.roleClaims) {
    const value = claims[name];
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    const roles = values.map((v) => settings.roleMap.get(v)).filter((r): r is Role => r !== undefined);
    if (roles.length) return roles.reduce((a, b) => (ROLES.indexOf(b) > ROLES.indexOf(a) ? b : a));
  }
  return "viewer";
}
