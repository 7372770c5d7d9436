import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID provider for team mode's tests (issue 25): oidc-provider, the certified library,
 * on loopback, with its own login page (devInteractions: any password), test people whose
 * `loupe_role` claim comes with the `profile` scope, and one confidential client for Loupe.
 * Consent is granted by the provider itself (Loupe is a first-party client), so a sign-in is one
 * login form.
 */
export const TEST_PEOPLE: Record<string, { name: string; email: string; loupe_role?: string; groups?: string[] }> = {
  vera: { name: "Vera Viewer", email: "vera@example.test", loupe_role: "viewer" },
  rita: { name: "Rita Responder", email: "rita@example.test", loupe_role: "responder" },
  adam: { name: "Adam Admin", email: "adam@example.test", groups: ["staff", "loupe-admins"] },
  nora: { name: "Nora Nobody", email: "nora@example.test" },
};

export const CLIENT = { id: "loupe", secret: "test-client-secret-0123456789" };

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** `redirectUris`: read at the first request, so a Loupe started after the provider (knowing its issuer) can name its port. */
export async function startTestProvider(redirectUris: string[] | (() => string[])): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configure = (): Configuration => ({
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: typeof redirectUris === "function" ? redirectUris() : redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], profile: ["name", "loupe_role", "groups"], email: ["email"] },
    findAccount: (_ctx, sub) => {
      const person = TEST_PEOPLE[sub];
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // First-party client: the provider grants the scopes asked for without a consent page.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  });
  let handler: ReturnType<Provider["callback"]> | undefined;
  server.on("request", (req, res) => {
    if (!handler) {
      const provider = new Provider(issuer, configure());
      // A provider failure says why in the test's output (it answers only "oops! something went wrong").
      provider.on("server_error", (_ctx, error) => console.error("[test provider]", error));
      handler = provider.callback();
    }
    void handler(req, res);
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
