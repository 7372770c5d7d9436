import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionInput, OAuthSettings } from "@/lib/contracts/connections";
import { SECRET_MASK } from "@/lib/contracts/connections";
import type { AuthHttpExchange } from "@/lib/contracts/auth";
import { getRegistry } from "@/lib/server/mcp/registry";
import { authLog, authSummary, startAuthorization } from "@/lib/server/mcp/oauth";
import { tempDir } from "@/tests/support/servers";

// The client-credentials grant (SEP-1046) against the OAuth fixture's authorization server: no
// user, no browser. Loupe asks /token as the client with its secret or a signed assertion.
const data = tempDir("loupe-oauth-cc-");
process.env.LOUPE_DATA_DIR = data.dir;
process.env.LOUPE_PUBLIC_URL = "http://127.0.0.1:6999";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/oauth-server.mjs");
let child: ChildProcess;
let base = "";

beforeAll(async () => {
  child = spawn(process.execPath, [FIXTURE, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /OAUTH_FIXTURE_READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
  });
});

afterAll(async () => {
  await getRegistry().closeAll();
  child?.kill("SIGTERM");
  data.cleanup();
});

interface Seen {
  path: string;
  grant?: string;
  method?: string;
  authorization: string | null;
  assertion?: { header: Record<string, unknown>; claims: Record<string, unknown> };
}
const tokenRequests = async (): Promise<Seen[]> =>
  ((await (await fetch(`${base}/admin/state`)).json()) as { seen: Seen[] }).seen.filter((s) => s.path === "/token");

function input(name: string, oauth: Partial<OAuthSettings>): ConnectionInput {
  return {
    name,
    transport: "http",
    url: `${base}/mcp`,
    headers: {},
    requestTimeoutMs: 20_000,
    oauth: { enabled: true, grant: "client_credentials", ...oauth },
  };
}

const exchanges = (id: string): AuthHttpExchange[] =>
  authLog(id, { limit: 2000 })
    .filter((e) => e.kind === "auth_http")
    .map((e) => e.raw as AuthHttpExchange);

describe("OAuth client credentials", () => {
  it("client_secret_basic: connects with no authorization page, calls a tool, and gets a new token when the old one expires", async () => {
    const view = await getRegistry().create(input("cc basic", { clientId: "loupe-pre", clientSecret: "pre-secret" }));
    expect(view.state.status).toBe("connected");
    expect(view.state.auth?.status).toBe("authorized");
    const [first] = await tokenRequests();
    expect(first).toMatchObject({ grant: "client_credentials", method: "client_secret_basic" });
    expect((await getRegistry().callTool(view.id, { name: "whoami", arguments: {} })).status).toBe("ok");

    await fetch(`${base}/admin/expire`, { method: "POST" });
    const again = await getRegistry().callTool(view.id, { name: "whoami", arguments: {} });
    expect(again.status).toBe("ok");
    const grants = (await tokenRequests()).map((s) => s.grant);
    // No refresh token for client credentials: the expired token is replaced by a new grant.
    expect(grants).toEqual(["client_credentials", "client_credentials"]);

    expect(authSummary(view.id)).toMatchObject({
      grant: "client_credentials",
      client: { clientId: "loupe-pre", registration: "pre-registered", hasSecret: true, authMethod: "client_secret_basic" },
      token: { hasRefreshToken: false },
    });
    // The secret is masked in the view and in the logged token request.
    expect(getRegistry().view(view.id)).toMatchObject({ oauth: { clientSecret: SECRET_MASK } });
    const logged = exchanges(view.id).find((x) => x.phase === "token")!;
    expect(logged.requestHeaders.authorization ?? logged.requestHeaders.Authorization).toBe(`Basic ${SECRET_MASK}`);
    expect(JSON.stringify(authLog(view.id, { limit: 2000 }))).not.toContain("pre-secret");
  });

  it("private_key_jwt: a signed assertion the authorization server verifies with the client's public key; the key never shows", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    await fetch(`${base}/admin/jwt-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString() }),
    });
    const view = await getRegistry().create(
      input("cc jwt", { clientId: "loupe-jwt", clientAuth: "private_key_jwt", privateKey: pem, signingAlgorithm: "ES256", keyId: "k-1" }),
    );
    expect(view.state.status).toBe("connected");
    const last = (await tokenRequests()).at(-1)!;
    expect(last.method).toBe("private_key_jwt");
    expect(last.grant).toBe("client_credentials");
    const verified = (await tokenRequests()).find((s) => s.assertion)!;
    expect(verified.assertion).toMatchObject({
      header: { alg: "ES256", kid: "k-1" },
      claims: { iss: "loupe-jwt", sub: "loupe-jwt", aud: base },
    });
    expect(getRegistry().view(view.id)).toMatchObject({ oauth: { privateKey: SECRET_MASK, signingAlgorithm: "ES256", keyId: "k-1" } });
    const shown = JSON.stringify([getRegistry().view(view.id), authSummary(view.id), authLog(view.id, { limit: 2000 })]);
    expect(shown).not.toContain("PRIVATE KEY");
    const logged = exchanges(view.id).find((x) => x.phase === "token")!;
    expect(logged.requestBody).toMatchObject({
      client_assertion: SECRET_MASK,
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    });
  });

  it("'Get a token' asks for a new token without a page to open, and reconnects a stopped connection", async () => {
    const view = await getRegistry().create(
      input("cc button", { clientId: "loupe-pre", clientSecret: "pre-secret", clientAuth: "client_secret_post" }),
    );
    await getRegistry().disconnect(view.id);
    const before = (await tokenRequests()).length;
    await expect(startAuthorization(view.id)).resolves.toEqual({ authorized: true });
    const requests = await tokenRequests();
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)).toMatchObject({ grant: "client_credentials", method: "client_secret_post" });
    expect(getRegistry().view(view.id).state.status).toBe("connected");
  });

  it("a wrong secret fails the connection with the authorization server's answer, and never asks for a browser", async () => {
    const view = await getRegistry().create(input("cc wrong", { clientId: "loupe-pre", clientSecret: "wrong" }));
    expect(view.state.status).toBe("error");
    expect(view.state.auth?.status).not.toBe("needs_authorization");
    expect(JSON.stringify(view.state)).toMatch(/invalid_client|wrong client secret/);
  });
});
