// OAuth shapes shared by the server and the browser (types and zod only).
import { z } from "zod";
import type { OAuthGrant } from "@/lib/contracts/connections";

/** Loupe entry kinds of the Auth log (protocol "loupe"). */
export const AUTH_HTTP_KIND = "auth_http";
export const AUTH_EVENT_KIND = "auth_event";
export const AUTH_ENTRY_KINDS = [AUTH_HTTP_KIND, AUTH_EVENT_KIND] as const;

/**
 * Which step of the OAuth flow an exchange belongs to. `resource` is the MCP endpoint itself
 * (only its 401/403 challenges and the first answer to a new token are logged); `other` is an
 * exchange Loupe could not place, still logged so nothing is hidden from a diagnosis.
 */
export type AuthPhase = "prm-discovery" | "as-discovery" | "registration" | "authorization" | "token" | "refresh" | "resource" | "other";

export const AUTH_PHASE_ORDER: AuthPhase[] = [
  "resource",
  "prm-discovery",
  "as-discovery",
  "registration",
  "authorization",
  "token",
  "refresh",
  "other",
];

/** One HTTP exchange of the flow, secrets masked (raw of an `auth_http` entry). */
export interface AuthHttpExchange {
  phase: AuthPhase;
  method: string;
  url: string;
  /** HTTP status, or 0 when the request never got an answer (see `error`). */
  status: number;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  responseStatus: number;
  responseHeaders: Record<string, string>;
  responseBody?: unknown;
  ms: number;
  /** Network failure (DNS, refused …) in words. */
  error?: string;
}

/** Something of the flow that is not an HTTP exchange Loupe made (raw of an `auth_event` entry). */
export interface AuthEvent {
  phase: AuthPhase;
  /**
   * authorization_needed: the user must open `url`; callback: the authorization server sent the
   * browser back; tokens_saved; tokens_cleared; step_up: the server wants a larger scope;
   * error: the flow failed (`message` says why).
   */
  event: "authorization_needed" | "callback" | "tokens_saved" | "tokens_cleared" | "step_up" | "error";
  ok: boolean;
  message: string;
  url?: string;
  scope?: string;
}

/** What the Auth view shows about a connection's OAuth data (never a token or a secret). */
export interface AuthSummary {
  enabled: boolean;
  /** How tokens are got: a user's browser sign-in, or Loupe as the client itself (no redirect). */
  grant: OAuthGrant;
  redirectUrl: string;
  /** Pre-registered (from the config) or dynamically registered client. */
  client?: { clientId: string; registration: "pre-registered" | "dynamic"; hasSecret: boolean; authMethod?: string };
  token?: {
    tokenType: string;
    scope?: string;
    /** ms since epoch; absent when the server gave no expires_in. */
    expiresAt?: number;
    hasRefreshToken: boolean;
    obtainedAt: number;
  };
  authorizationServer?: string;
  resourceMetadataUrl?: string;
  /** An authorization the user has not finished yet. */
  pending?: { authorizationUrl?: string; scope?: string; expiresAt: number };
  /**
   * The connection also sets its own Authorization header: once a token is stored the OAuth token
   * replaces it; before the first authorization the custom header is still sent.
   */
  conflictingAuthorizationHeader: boolean;
}

export const SignOutBody = z.object({
  /** Also forget the dynamically registered client (the next flow registers again). */
  forgetClient: z.boolean().default(false),
});
export type SignOutBody = z.infer<typeof SignOutBody>;

export const AuthLogQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});

export interface AuthorizeResponse {
  /** Where to send the browser; absent when Loupe was authorized without the user (a refresh). */
  authorizationUrl?: string;
  authorized: boolean;
}
