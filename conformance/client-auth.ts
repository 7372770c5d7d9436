/** The auth/* scenarios of conformance/client.ts: Loupe's OAuth flow, with the suite's authorization server. */
import { completeAuthorization } from "@/lib/server/mcp/oauth";
import { JwtSigningAlgorithm, OAuthSettings } from "@/lib/contracts/connections";
import type { Registry } from "@/lib/server/mcp/registry";
import { callAllTools, context, createConnection, expectConnected, log, scenario } from "./client-kit";

/** The client metadata document URL the basic-cimd scenario expects the client to be configured with. */
const CIMD_URL = "https://conformance-test.local/client-metadata.json";
/** scope-retry-limit checks that a client gives up: never authorize more often than this. */
const MAX_AUTHORIZATIONS = 3;

/**
 * The suite's authorization server approves at once and redirects to Loupe's callback with
 * `code` and `state`: read them from Location instead of following it (no browser, no Loupe web
 * server), and hand them to Loupe as its callback route would.
 */
async function authorizeOnce(registry: Registry, id: string): Promise<void> {
  const auth = registry.view(id).state.auth;
  if (auth?.status !== "needs_authorization" || !auth.authorizationUrl) {
    throw new Error(`Expected Loupe to ask for authorization, got auth state ${JSON.stringify(auth ?? null)}`);
  }
  log(`authorizing at ${auth.authorizationUrl}`);
  const res = await fetch(auth.authorizationUrl, { redirect: "manual" });
  const location = res.headers.get("location");
  if (!location) throw new Error(`The authorization endpoint answered ${res.status} without a redirect`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`The redirect carries no code/state: ${location}`);
  // The issuer the authorization server names in its response (RFC 9207), as the callback route passes it.
  await completeAuthorization(state, code, registry, back.searchParams.get("iss"));
}

/** The string a scenario's context names under `key`, if any. */
function contextString(key: string): string | undefined {
  const value = context[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * The OAuth settings a user would save for this scenario: the authorization code grant (with the
 * pre-registered client or CIMD URL the scenario names), or for `auth/client-credentials-*` the
 * client-credentials grant with the secret (client_secret_basic) or the private key and algorithm
 * (private_key_jwt) the scenario hands out.
 */
function oauthSettings(): OAuthSettings {
  const clientId = contextString("client_id");
  const clientSecret = contextString("client_secret");
  const privateKey = contextString("private_key_pem");
  const algorithm = JwtSigningAlgorithm.safeParse(contextString("signing_algorithm"));
  if (scenario.startsWith("auth/client-credentials")) {
    return OAuthSettings.parse({
      enabled: true,
      grant: "client_credentials",
      clientId,
      ...(privateKey
        ? { clientAuth: "private_key_jwt", privateKey, ...(algorithm.success ? { signingAlgorithm: algorithm.data } : {}) }
        : { clientAuth: "client_secret_basic", clientSecret }),
    });
  }
  return {
    enabled: true,
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    // The CIMD URL a user would configure for their client (the suite's reference client uses the same one).
    ...(scenario === "auth/basic-cimd" ? { clientMetadataUrl: CIMD_URL } : {}),
  };
}

export async function authScenario(registry: Registry): Promise<void> {
  const view = await createConnection(registry, { oauth: oauthSettings() });
  const id = view.id;
  let authorizations = 0;
  const needsAuth = (): boolean => registry.view(id).state.auth?.status === "needs_authorization";
  const authorize = async (): Promise<void> => {
    if (++authorizations > MAX_AUTHORIZATIONS) throw new Error(`Gave up after ${MAX_AUTHORIZATIONS} authorizations`);
    await authorizeOnce(registry, id);
  };

  if (registry.view(id).state.status !== "connected") await authorize();
  expectConnected(registry.view(id));

  // List and call every tool; a 401/403 on the way (step-up) asks for authorization again,
  // bounded so a server that keeps refusing (scope-retry-limit) ends the run.
  for (;;) {
    try {
      await callAllTools(registry, id);
      return;
    } catch (error) {
      if (!needsAuth()) throw error;
      log(`authorization needed again: ${error instanceof Error ? error.message : String(error)}`);
      await authorize();
      if (registry.view(id).state.status !== "connected") await registry.connect(id);
    }
  }
}
