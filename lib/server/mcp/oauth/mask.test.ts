import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { maskBodyText, maskJson, maskUrl } from "@/lib/server/mcp/oauth/mask";
import { maskWireHeaders as maskHeaders } from "@/lib/server/secrets";

describe("OAuth log masking", () => {
  it("keeps the Authorization scheme and WWW-Authenticate, masks credentials and cookies", () => {
    const h = new Headers({
      authorization: "Bearer abc.def",
      "www-authenticate": 'Bearer error="insufficient_scope", scope="a b"',
      cookie: "x=1",
      "x-loupe-token": "t",
      accept: "application/json",
    });
    const m = maskHeaders(h);
    expect(m.authorization).toBe(`Bearer ${SECRET_MASK}`);
    expect(m["www-authenticate"]).toContain("insufficient_scope");
    expect(m.cookie).toBe(SECRET_MASK);
    expect(m["x-loupe-token"]).toBe(SECRET_MASK);
    expect(m.accept).toBe("application/json");
    expect(maskHeaders({ Authorization: "opaque" }).Authorization).toBe(SECRET_MASK);
  });

  it("masks token-request form fields but keeps grant_type, client_id and redirect_uri", () => {
    const body =
      "grant_type=authorization_code&code=c0de&code_verifier=v3r&client_id=cid&client_secret=s3c&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb";
    const m = maskBodyText(body, "application/x-www-form-urlencoded") as Record<string, string>;
    expect(m).toMatchObject({ grant_type: "authorization_code", client_id: "cid", redirect_uri: "http://127.0.0.1/cb" });
    expect(m.code).toBe(SECRET_MASK);
    expect(m.code_verifier).toBe(SECRET_MASK);
    expect(m.client_secret).toBe(SECRET_MASK);
    expect(JSON.stringify(m)).not.toMatch(/c0de|v3r|s3c/);
    const refresh = maskBodyText("grant_type=refresh_token&refresh_token=r3fresh", null);
    expect(JSON.stringify(refresh)).not.toContain("r3fresh");
  });

  it("masks tokens in JSON answers at any depth and keeps the rest", () => {
    const m = maskJson({
      access_token: "at",
      refresh_token: "rt",
      id_token: "it",
      token_type: "Bearer",
      scope: "a",
      nested: [{ client_secret: "x" }],
    });
    expect(m).toEqual({
      access_token: SECRET_MASK,
      refresh_token: SECRET_MASK,
      id_token: SECRET_MASK,
      token_type: "Bearer",
      scope: "a",
      nested: [{ client_secret: SECRET_MASK }],
    });
  });

  it("masks code and state in URLs, and never lets unparseable text with a secret field through", () => {
    const u = maskUrl("http://127.0.0.1:1/oauth/callback?code=abc&state=xyz&iss=http%3A%2F%2Fas");
    expect(u).not.toMatch(/abc|xyz/);
    expect(u).toContain("iss=");
    expect(maskBodyText("weird access_token: zzz", "text/plain")).toBe(SECRET_MASK);
    expect(maskBodyText("Not Found", "text/plain")).toBe("Not Found");
  });
});
