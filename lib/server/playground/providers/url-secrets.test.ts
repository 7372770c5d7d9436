import { describe, expect, it } from "vitest";
import { endpointOf, maskUrl, unmaskUrl, urlSecrets } from "@/lib/server/playground/providers/url-secrets";

describe("credentials in a base URL", () => {
  it("masks the password, a lone user name and key-like query values, and nothing else", () => {
    expect(maskUrl("https://me:pw@host.example/v1?api_key=k1&key=k2&access_token=t&model=x")).toBe(
      "https://me:***@host.example/v1?api_key=***&key=***&access_token=***&model=x",
    );
    expect(maskUrl("https://tok123@host.example/v1")).toBe("https://***@host.example/v1");
    expect(maskUrl("http://127.0.0.1:11434/v1")).toBe("http://127.0.0.1:11434/v1");
    expect(maskUrl("not a url")).toBe("not a url");
    expect(urlSecrets("https://me:p%40ss@h/v1?apiKey=abc&x=1").sort()).toEqual(["abc", "p%40ss", "p@ss"].sort());
  });

  it("sends them: userinfo as Basic authorization, the query on every request, a clean base for the SDK", () => {
    expect(endpointOf("https://me:p%40ss@host.example/v1?api_key=k1")).toEqual({
      baseUrl: "https://host.example/v1",
      query: [["api_key", "k1"]],
      authorization: `Basic ${Buffer.from("me:p@ss").toString("base64")}`,
    });
    expect(endpointOf("https://host.example/v1/")).toEqual({ baseUrl: "https://host.example/v1/", query: [] });
    expect(endpointOf("https://me:pw@host.example")!.baseUrl).toBe("https://host.example");
  });

  it("takes a masked URL sent back for the real one it masks, and only that", () => {
    const real = "https://me:pw@host.example/v1?api_key=k1";
    expect(unmaskUrl(maskUrl(real), [undefined, real])).toBe(real);
    expect(unmaskUrl("https://me:***@other.example/v1", [real])).toBe("https://me:***@other.example/v1");
    expect(unmaskUrl("https://plain.example/v1", [real])).toBe("https://plain.example/v1");
  });
});
