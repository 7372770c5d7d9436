import { generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OAuthSettings } from "@/lib/contracts/connections";
import { clientAssertion, clientCredentialsAuth, clientCredentialsForm, JWT_BEARER_ASSERTION } from "./client-credentials";

const ec = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const ecPem = ec.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
const rsaPem = rsa.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

function decode(jwt: string): { header: Record<string, unknown>; claims: Record<string, unknown>; input: string; signature: Buffer } {
  const [h, c, s] = jwt.split(".");
  const json = (part: string | undefined) => JSON.parse(Buffer.from(part ?? "", "base64url").toString()) as Record<string, unknown>;
  return { header: json(h), claims: json(c), input: `${h}.${c}`, signature: Buffer.from(s ?? "", "base64url") };
}

async function tokenRequest(settings: OAuthSettings, metadata?: { issuer?: string }) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  const form = clientCredentialsForm("mcp:read mcp:write");
  await clientCredentialsAuth(settings)(headers, form, "https://as.example/token", metadata);
  return { headers, form: Object.fromEntries(form) };
}

const base = { enabled: true, grant: "client_credentials", clientId: "my client" } as const;

describe("the client-credentials token request", () => {
  it("asks for grant_type=client_credentials with the scope, and no scope when there is none", () => {
    expect(Object.fromEntries(clientCredentialsForm("a b"))).toEqual({ grant_type: "client_credentials", scope: "a b" });
    expect(Object.fromEntries(clientCredentialsForm(undefined))).toEqual({ grant_type: "client_credentials" });
  });

  it("client_secret_basic: an Authorization Basic header of the form-encoded id and secret, nothing secret in the form", async () => {
    const { headers, form } = await tokenRequest({ ...base, clientSecret: "s3cr:et", clientAuth: "client_secret_basic" });
    expect(headers.get("authorization")).toBe(`Basic ${Buffer.from("my+client:s3cr%3Aet").toString("base64")}`);
    expect(form).toEqual({ grant_type: "client_credentials", scope: "mcp:read mcp:write" });
  });

  it("client_secret_basic is the default method", async () => {
    const { headers } = await tokenRequest({ ...base, clientId: "cid", clientSecret: "sec" });
    expect(headers.get("authorization")).toBe(`Basic ${Buffer.from("cid:sec").toString("base64")}`);
  });

  it("client_secret_post: client_id and client_secret in the form, no Authorization header", async () => {
    const { headers, form } = await tokenRequest({ ...base, clientSecret: "sec", clientAuth: "client_secret_post" });
    expect(headers.get("authorization")).toBeNull();
    expect(form).toMatchObject({ client_id: "my client", client_secret: "sec", grant_type: "client_credentials" });
  });

  it("private_key_jwt: a jwt-bearer client_assertion for the issuer, signed ES256 with the key and its kid", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { headers, form } = await tokenRequest(
      { ...base, clientAuth: "private_key_jwt", privateKey: ecPem, signingAlgorithm: "ES256", keyId: "key-1" },
      { issuer: "https://as.example" },
    );
    expect(headers.get("authorization")).toBeNull();
    expect(form.client_assertion_type).toBe(JWT_BEARER_ASSERTION);
    expect(form.client_id).toBe("my client");
    expect(form.client_secret).toBeUndefined();
    const jwt = decode(form.client_assertion ?? "");
    expect(jwt.header).toEqual({ alg: "ES256", typ: "JWT", kid: "key-1" });
    expect(jwt.claims).toMatchObject({ iss: "my client", sub: "my client", aud: "https://as.example" });
    const { iat, exp, jti } = jwt.claims as { iat: number; exp: number; jti: string };
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(exp - iat).toBe(300);
    expect(jti).toMatch(/^[0-9a-f-]{36}$/);
    // JWS ES256: the raw 64-byte r||s, verifiable with the public key.
    expect(jwt.signature).toHaveLength(64);
    expect(verify("sha256", Buffer.from(jwt.input), { key: ec.publicKey, dsaEncoding: "ieee-p1363" }, jwt.signature)).toBe(true);
  });

  it("private_key_jwt: the audience is the token endpoint when the metadata names no issuer; a fresh jti each time", async () => {
    const settings = { ...base, clientAuth: "private_key_jwt", privateKey: rsaPem, signingAlgorithm: "RS256" } as const;
    const one = decode((await tokenRequest(settings)).form.client_assertion ?? "");
    const two = decode((await tokenRequest(settings)).form.client_assertion ?? "");
    expect(one.claims.aud).toBe("https://as.example/token");
    expect(one.header).toEqual({ alg: "RS256", typ: "JWT" });
    expect(one.claims.jti).not.toBe(two.claims.jti);
    expect(verify("sha256", Buffer.from(one.input), rsa.publicKey, one.signature)).toBe(true);
  });

  it("PS256 signs with RSA-PSS", () => {
    const jwt = decode(clientAssertion({ clientId: "c", privateKey: rsaPem, alg: "PS256", audience: "a" }));
    const ok = verify("sha256", Buffer.from(jwt.input), { key: rsa.publicKey, padding: 6, saltLength: 32 }, jwt.signature);
    expect(ok).toBe(true);
  });

  it("says in words when the key does not fit the algorithm or is not a key", () => {
    expect(() => clientAssertion({ clientId: "c", privateKey: rsaPem, alg: "ES256", audience: "a" })).toThrow(
      "ES256 needs ec prime256v1 key, and this private key is rsa",
    );
    expect(() => clientAssertion({ clientId: "c", privateKey: ecPem, alg: "ES384", audience: "a" })).toThrow(
      /ES384 needs ec secp384r1 key.*prime256v1/,
    );
    expect(() => clientAssertion({ clientId: "c", privateKey: "not a key", alg: "RS256", audience: "a" })).toThrow(/could not be read/);
  });
});
