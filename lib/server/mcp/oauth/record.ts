import "server-only";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * Everything OAuth Loupe keeps for one connection, in the store only (never in entries, state or
 * API answers). Values the SDK hands over are stored unchanged: it stamps `issuer` on tokens and
 * client information and compares it when they are read back.
 */
export interface OAuthRecord {
  /** Dynamically registered client, or the pre-registered one as bound by the SDK. */
  client?: OAuthClientInformationMixed;
  /** The redirect URL the stored client was registered with (a new one means registering again). */
  clientRedirectUrl?: string;
  tokens?: OAuthTokens;
  /** When `tokens` were saved: expires_in counts from here. */
  tokensSavedAt?: number;
  /**
   * PKCE verifiers of flows that have not sent the user anywhere yet (newest last, at most four):
   * the SDK saves one before building the URL, with awaits in between, so two flows started at once
   * interleave. The URL's code_challenge says which one it needs (`pending.codeVerifier`).
   */
  verifiers?: string[];
  discovery?: OAuthDiscoveryState;
  /**
   * The authorization the user has been sent to and not come back from (the URL shown last: its
   * state, its verifier and its URL are written together when it is shown), with the issuer of the
   * authorization server it was sent to and whether that server's metadata promised an `iss` in
   * its redirect (RFC 9207): the callback is checked against both.
   */
  pending?: {
    state: string;
    expiresAt: number;
    authorizationUrl?: string;
    scope?: string;
    issuer?: string;
    issSupported?: boolean;
    /** The PKCE verifier of this URL's code_challenge: the code it brings back is exchanged with it. */
    codeVerifier?: string;
  };
  /**
   * Scope the server asked for in a 403 insufficient_scope that the current token lacks. While
   * set, the refresh token is held back from the SDK: a refresh cannot widen a grant (RFC 6749
   * §6), so the SDK must start a new authorization instead of refreshing into the same 403.
   */
  stepUpScope?: string;
}
