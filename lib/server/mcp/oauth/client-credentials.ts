import "server-only";
import { constants, createPrivateKey, randomUUID, sign } from "node:crypto";
import type { KeyObject } from "node:crypto";
import type { ClientAuthMethod, JwtSigningAlgorithm, OAuthSettings } from "@/lib/contracts/connections";
import { encodeWire } from "@/lib/contracts/wire-strings";

/**
 * The client-credentials grant (OAuth 2.1 §4.2, MCP SEP-1046): Loupe asks the token endpoint for a
 * token as the client itself, no user and no browser. The client proves who it is with its secret
 * (client_secret_basic / client_secret_post) or with a JWT it signs with its private key
 * (private_key_jwt, RFC 7523 §2.2). The SDK's auth() runs the flow (discovery, then fetchToken);
 * these are the parts the provider hands it: the form's grant and the client authentication.
 */

/** Settings that ask for client credentials (the contract's refinement guarantees the fields each method needs). */
export function isClientCredentials(settings: OAuthSettings | undefined): boolean {
  return settings?.grant === "client_credentials";
}

/** The grant part of the token request form: `grant_type=client_credentials`, and the scope when there is one. */
export function clientCredentialsForm(scope: string | undefined): URLSearchParams {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (scope) form.set("scope", scope);
  return form;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded. */
function basicCredentials(clientId: string, secret: string): string {
  const enc = (s: string) => encodeWire(s, "bad_request:oauth_client").replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString("base64")}`;
}

export const JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** How long an assertion is valid: RFC 7523 wants it short; the token request follows at once. */
const ASSERTION_LIFETIME_S = 300;

const HASH: Record<JwtSigningAlgorithm, string | null> = {
  RS256: "sha256",
  RS384: "sha384",
  RS512: "sha512",
  PS256: "sha256",
  PS384: "sha384",
  PS512: "sha512",
  ES256: "sha256",
  ES384: "sha384",
  ES512: "sha512",
  EdDSA: null,
};
/** The key type and (EC) curve each algorithm signs with. */
const KEY_TYPE: Record<JwtSigningAlgorithm, { type: string; curve?: string }> = {
  RS256: { type: "rsa" },
  RS384: { type: "rsa" },
  RS512: { type: "rsa" },
  PS256: { type: "rsa" },
  PS384: { type: "rsa" },
  PS512: { type: "rsa" },
  ES256: { type: "ec", curve: "prime256v1" },
  ES384: { type: "ec", curve: "secp384r1" },
  ES512: { type: "ec", curve: "secp521r1" },
  EdDSA: { type: "ed25519" },
};

function signingKey(pem: string, alg: JwtSigningAlgorithm): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(
      `The private key could not be read (${error instanceof Error ? error.message : String(error)}): paste a PEM private key`,
    );
  }
  const want = KEY_TYPE[alg];
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== want.type || (want.curve && curve !== want.curve)) {
    const have = `${key.asymmetricKeyType ?? "unknown"}${curve ? ` ${curve}` : ""}`;
    throw new Error(`${alg} needs ${want.type}${want.curve ? ` ${want.curve}` : ""} key, and this private key is ${have}`);
  }
  return key;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export interface AssertionInput {
  clientId: string;
  privateKey: string;
  alg: JwtSigningAlgorithm;
  keyId?: string;
  /** The authorization server's issuer (RFC 7523 §3: the audience identifies the authorization server). */
  audience: string;
  /** Seconds since epoch; now by default (tests pin it). */
  now?: number;
}

/** A signed client assertion (RFC 7523 §3): iss = sub = client id, aud = the authorization server, short-lived, unique jti. */
export function clientAssertion(input: AssertionInput): string {
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const header = { alg: input.alg, typ: "JWT", ...(input.keyId ? { kid: input.keyId } : {}) };
  const claims = {
    iss: input.clientId,
    sub: input.clientId,
    aud: input.audience,
    iat: now,
    exp: now + ASSERTION_LIFETIME_S,
    jti: randomUUID(),
  };
  const signingInput = `${b64url(header)}.${b64url(claims)}`;
  const key = signingKey(input.privateKey, input.alg);
  const isRsaPss = input.alg.startsWith("PS");
  const signature = sign(HASH[input.alg], Buffer.from(signingInput), {
    key,
    // JWS wants the raw r||s of an ECDSA signature (RFC 7518 §3.4), not DER.
    ...(key.asymmetricKeyType === "ec" ? { dsaEncoding: "ieee-p1363" as const } : {}),
    // PS*: the salt is as long as the hash (RFC 7518 §3.5).
    ...(isRsaPss ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(input.alg.slice(2)) / 8 } : {}),
  });
  return `${signingInput}.${signature.toString("base64url")}`;
}

/** The SDK's AddClientAuthentication hook: adds this client's credentials to a token request. */
export type AddClientAuth = (headers: Headers, params: URLSearchParams, url: string | URL, metadata?: { issuer?: string }) => Promise<void>;

/**
 * The client authentication of a client-credentials token request, by the configured method:
 * an `Authorization: Basic` header, `client_id` + `client_secret` in the form, or `client_id` +
 * a signed `client_assertion` whose audience is the authorization server's issuer (the token
 * endpoint's URL when the metadata names no issuer).
 */
export function clientCredentialsAuth(settings: OAuthSettings): AddClientAuth {
  const clientId = settings.clientId ?? "";
  const method: ClientAuthMethod = settings.clientAuth ?? "client_secret_basic";
  return async (headers, params, url, metadata) => {
    if (method === "client_secret_basic") {
      headers.set("Authorization", basicCredentials(clientId, settings.clientSecret ?? ""));
      return;
    }
    params.set("client_id", clientId);
    if (method === "client_secret_post") {
      params.set("client_secret", settings.clientSecret ?? "");
      return;
    }
    const audience = metadata?.issuer ?? String(url);
    params.set("client_assertion_type", JWT_BEARER_ASSERTION);
    params.set(
      "client_assertion",
      clientAssertion({
        clientId,
        privateKey: settings.privateKey ?? "",
        alg: settings.signingAlgorithm ?? "RS256",
        keyId: settings.keyId,
        audience,
      }),
    );
  };
}
