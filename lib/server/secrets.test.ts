import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { ConnectionConfig, ConnectionInput } from "@/lib/contracts/connections";
import { hasMaskedSecret, maskConfig, maskCredentialSecrets, maskHeaders, mergeHeaders, mergeSecrets } from "@/lib/server/secrets";

const stdio: ConnectionConfig = {
  id: "s",
  createdAt: 1,
  name: "s",
  transport: "stdio",
  command: "node",
  args: ["server.js"],
  env: { API_KEY: "k-123", MODE: "dev" },
  requestTimeoutMs: 1000,
};

const remote: ConnectionConfig = {
  id: "r",
  createdAt: 1,
  name: "r",
  transport: "http",
  url: "http://127.0.0.1:9/mcp",
  headers: { Authorization: "Bearer abc" },
  requestTimeoutMs: 1000,
};

describe("maskConfig", () => {
  it("masks every env value and header value, keeping the keys", () => {
    expect(maskConfig(stdio)).toMatchObject({ env: { API_KEY: SECRET_MASK, MODE: SECRET_MASK }, args: ["server.js"] });
    expect(maskConfig(remote)).toMatchObject({ headers: { Authorization: SECRET_MASK }, url: remote.url });
    expect(JSON.stringify([maskConfig(stdio), maskConfig(remote)])).not.toMatch(/k-123|Bearer abc/);
  });
});

describe("mergeSecrets", () => {
  it("keeps stored values where the mask comes back, takes new ones, drops removed keys", () => {
    const input: ConnectionInput = { ...stdio, env: { API_KEY: SECRET_MASK, NEW: "n" } };
    expect(mergeSecrets(input, stdio)).toMatchObject({ env: { API_KEY: "k-123", NEW: "n" } });
  });

  it("masks a client-credentials private key like the secret, and keeps it when the mask comes back", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----";
    const jwt: ConnectionConfig = {
      ...remote,
      oauth: {
        enabled: true,
        grant: "client_credentials",
        clientId: "cid",
        clientAuth: "private_key_jwt",
        privateKey: pem,
        keyId: "k1",
        signingAlgorithm: "ES256",
      },
    };
    const masked = maskConfig(jwt);
    expect(oauthOf(masked)).toEqual({ ...jwt.oauth, privateKey: SECRET_MASK });
    expect(JSON.stringify(masked)).not.toContain("BEGIN PRIVATE KEY");
    expect(oauthOf(mergeSecrets(masked, jwt))?.privateKey).toBe(pem);
    expect(oauthOf(mergeSecrets(masked, remote))?.privateKey).toBeUndefined();
  });

  it("never saves the mask itself when nothing is stored behind it", () => {
    const input: ConnectionInput = { ...remote, headers: { Authorization: SECRET_MASK, "X-New": SECRET_MASK } };
    expect(mergeSecrets(input, remote)).toMatchObject({ headers: { Authorization: "Bearer abc" } });
    const switched: ConnectionInput = { ...stdio, env: { Authorization: SECRET_MASK } };
    expect(mergeSecrets(switched, remote)).toMatchObject({ env: {} });
  });
});

const oauthOf = (c: ConnectionInput) => (c.transport === "stdio" ? undefined : c.oauth);

describe("OAuth client secret", () => {
  const withOAuth: ConnectionConfig = {
    ...remote,
    oauth: { enabled: true, clientId: "cid", clientSecret: "cl1ent-s3cret", scope: "mcp:read" },
  };

  it("is masked in the view while client id and scope stay readable", () => {
    const masked = maskConfig(withOAuth);
    expect(oauthOf(masked)).toEqual({ enabled: true, clientId: "cid", clientSecret: SECRET_MASK, scope: "mcp:read" });
    expect(JSON.stringify(masked)).not.toContain("cl1ent-s3cret");
    // Nothing to mask: the oauth block is unchanged (no secret invented).
    const noSecret = maskConfig({ ...remote, oauth: { enabled: true } });
    expect(oauthOf(noSecret)).toEqual({ enabled: true });
  });

  it("is kept when the mask comes back, replaced when a new one is typed, removed when emptied", () => {
    const back = mergeSecrets(maskConfig(withOAuth), withOAuth);
    expect(oauthOf(back)?.clientSecret).toBe("cl1ent-s3cret");
    const typed = mergeSecrets({ ...withOAuth, oauth: { enabled: true, clientSecret: "new" } }, withOAuth);
    expect(oauthOf(typed)?.clientSecret).toBe("new");
    const cleared = mergeSecrets({ ...withOAuth, oauth: { enabled: true, clientId: "cid" } }, withOAuth);
    expect(oauthOf(cleared)?.clientSecret).toBeUndefined();
  });

  it("masks a client-credentials private key like the secret, and keeps it when the mask comes back", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----";
    const jwt: ConnectionConfig = {
      ...remote,
      oauth: {
        enabled: true,
        grant: "client_credentials",
        clientId: "cid",
        clientAuth: "private_key_jwt",
        privateKey: pem,
        keyId: "k1",
        signingAlgorithm: "ES256",
      },
    };
    const masked = maskConfig(jwt);
    expect(oauthOf(masked)).toEqual({ ...jwt.oauth, privateKey: SECRET_MASK });
    expect(JSON.stringify(masked)).not.toContain("BEGIN PRIVATE KEY");
    expect(oauthOf(mergeSecrets(masked, jwt))?.privateKey).toBe(pem);
    expect(oauthOf(mergeSecrets(masked, remote))?.privateKey).toBeUndefined();
  });

  it("never saves the mask itself when nothing is stored behind it", () => {
    const input: ConnectionInput = { ...remote, oauth: { enabled: true, clientSecret: SECRET_MASK } };
    const merged = mergeSecrets(input, remote);
    expect(oauthOf(merged)).toEqual({ enabled: true });
  });
});

describe("a peer's headers (ADK, A2A, AG-UI agents)", () => {
  it("are masked value by value and merged back: the mask keeps the stored value, a mask with nothing behind it is dropped", () => {
    expect(maskHeaders({ Authorization: "Bearer t", Accept: "application/json" })).toEqual({
      Authorization: SECRET_MASK,
      Accept: SECRET_MASK,
    });
    const stored = { Authorization: "Bearer t", "X-Old": "gone" };
    expect(mergeHeaders({ Authorization: SECRET_MASK, "X-New": "n", "X-Ghost": SECRET_MASK }, stored)).toEqual({
      Authorization: "Bearer t",
      "X-New": "n",
    });
    expect(mergeHeaders({ A: SECRET_MASK }, undefined)).toEqual({});
  });
});

describe("credential masking", () => {
  it("masks apiKey anywhere and the secrets inside an exchanged or raw auth credential, and says a copy was masked", () => {
    const event = {
      apiKey: "k-1",
      note: { token: "not-in-a-credential" },
      authConfig: { exchangedAuthCredential: { oauth2: { accessToken: "at", clientId: "cid" } } },
    };
    const masked = maskCredentialSecrets(event);
    expect(masked).toEqual({
      apiKey: SECRET_MASK,
      note: { token: "not-in-a-credential" },
      authConfig: { exchangedAuthCredential: { oauth2: { accessToken: SECRET_MASK, clientId: "cid" } } },
    });
    expect(hasMaskedSecret(masked)).toBe(true);
    expect(hasMaskedSecret(event)).toBe(false);
  });
});
