import { describe, expect, it } from "vitest";
import { unitId } from "@/lib/contracts/bundle-unit";
import { OAuthSettings, SECRET_MASK } from "@/lib/contracts/connections";
import { encodeWire, HttpHeaders, isWellFormed } from "@/lib/contracts/wire-strings";
import { LgClient } from "@/lib/server/langgraph/client";

/** JSON's `"\ud800"` escape: a string with half of a surrogate pair, as a script or a fuzzer sends it. */
const HALF = JSON.parse('"a\\ud800"') as string;

describe("strings Loupe sends on the wire", () => {
  it("whole Unicode passes, half a surrogate pair does not", () => {
    expect(isWellFormed("naïve €🙂")).toBe(true);
    expect(isWellFormed(HALF)).toBe(false);
    expect(isWellFormed(JSON.parse('"\\udc00b"') as string)).toBe(false);
    expect(encodeWire("a b/c", "bad_request:x")).toBe("a%20b%2Fc");
    expect(() => encodeWire(HALF, "bad_request:x")).toThrow(expect.objectContaining({ code: "bad_request:x", status: 400 }));
  });

  it("a LangGraph thread id no URL can carry is a 400 with LangGraph's code before anything is sent", async () => {
    // Before: encodeURIComponent threw URIError inside the run, answered 502 upstream:langgraph_run.
    const client = new LgClient({ url: "http://127.0.0.1:9", headers: {} });
    await expect((async () => client.getThread(HALF))()).rejects.toMatchObject({ code: "bad_request:langgraph_id", status: 400 });
  });

  it("saved headers: one line of Latin-1 under a token name, or the mask that keeps the stored value", () => {
    expect(HttpHeaders.parse({ Authorization: "Bearer t", "x-key": "café", kept: SECRET_MASK })).toEqual({
      Authorization: "Bearer t",
      "x-key": "café",
      kept: SECRET_MASK,
    });
    for (const bad of [{ "x-a": "a\nb" }, { "x-a": "a\rb" }, { "x-a": "a\0b" }, { "x-a": "5 €" }, { "x a": "b" }, { "": "b" }])
      expect(HttpHeaders.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("an OAuth client id or secret and a bundle unit's ids are refused when they hold half a pair", () => {
    expect(OAuthSettings.safeParse({ grant: "client_credentials", clientId: HALF, clientSecret: "s" }).success).toBe(false);
    expect(OAuthSettings.safeParse({ grant: "client_credentials", clientId: "c", clientSecret: HALF }).success).toBe(false);
    expect(OAuthSettings.safeParse({ grant: "client_credentials", clientId: "c", clientSecret: "s" }).success).toBe(true);
    expect(unitId.safeParse(HALF).success).toBe(false);
    expect(unitId.safeParse("session-1").success).toBe(true);
  });
});
