import { describe, expect, it } from "vitest";
import { cardForClient, cardVersion, validateCard } from "@/lib/protocols/a2a/card";

// Issue 23: cards real agents served that the report got wrong.
const good = {
  name: "A",
  description: "d",
  version: "1",
  supportedInterfaces: [{ url: "http://127.0.0.1:1/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "S", description: "does" }],
};
const v03 = {
  ...good,
  supportedInterfaces: undefined,
  protocolVersion: "0.3.0",
  url: "http://127.0.0.1:1/rpc",
  preferredTransport: "JSONRPC",
  skills: [{ id: "s", name: "S", description: "does", tags: [] }],
};

const said = (card: unknown) => validateCard(card).findings.map((f) => `${f.severity} ${f.path} ${f.message}`);

describe("agent card validation: wrong types are not 'missing'", () => {
  it("names the expected and the received type", () => {
    const found = said({ ...good, version: 1, defaultInputModes: "text/plain", skills: {}, capabilities: [], name: "" });
    expect(found).toContain("error /version wrong type: expected string, got number");
    expect(found).toContain("error /defaultInputModes wrong type: expected array of strings, got string");
    expect(found).toContain("error /skills wrong type: expected array, got object");
    expect(found).toContain("error /capabilities wrong type: expected object, got array");
    expect(found).toContain("error /name name is empty");
    expect(found.some((f) => /missing|required/.test(f))).toBe(false);
  });

  it("still says missing when a field is absent, and names an item of the wrong type", () => {
    const found = said({ ...good, version: undefined, defaultOutputModes: ["text/plain", 3], capabilities: { streaming: "yes" } });
    expect(found).toContain("error /version version is required");
    expect(found).toContain("error /defaultOutputModes/1 wrong type: expected string, got number");
    expect(found).toContain("error /capabilities/streaming wrong type: expected boolean, got string");
  });
});

describe("agent card validation: versions", () => {
  it("warns on a protocolVersion Loupe does not know, top-level or per interface", () => {
    expect(said({ ...v03, protocolVersion: "9.9" })).toContain(
      'warning /protocolVersion Unknown protocolVersion "9.9": Loupe knows 0.3 and 1.0, and reads this card as 0.3',
    );
    const iface = { ...good.supportedInterfaces[0]!, protocolVersion: "2.5" };
    expect(said({ ...good, supportedInterfaces: [iface] })).toContain(
      'warning /supportedInterfaces/0/protocolVersion Unknown protocolVersion "2.5" on this interface: Loupe knows 0.3 and 1.0',
    );
    expect(said(good).filter((f) => f.includes("protocolVersion"))).toEqual([]);
    expect(said(v03).filter((f) => f.includes("protocolVersion"))).toEqual([]);
  });

  it("a card saying protocolVersion 0.3.0 with v1.0 interfaces: the contradiction is reported and v0.3 is spoken", () => {
    const hybrid = { ...good, protocolVersion: "0.3.0" };
    const r = validateCard(hybrid);
    expect(r.version).toBe("0.3");
    expect(cardVersion(hybrid)).toBe("0.3");
    const finding = r.findings.find((f) => f.message.startsWith("The card contradicts itself"));
    expect(finding).toMatchObject({ severity: "warning", path: "/protocolVersion" });
    expect(finding?.message).toMatch(/protocolVersion "0\.3\.0".*say 1\.0\. Loupe speaks v0\.3/);
    // The SDK client picks the wire per interface: it is handed interfaces saying 0.3.0.
    expect(cardForClient(hybrid)).toMatchObject({ supportedInterfaces: [{ url: "http://127.0.0.1:1/rpc", protocolVersion: "0.3.0" }] });
    // A card serving both versions is no contradiction, and is handed over as fetched.
    const both = {
      ...hybrid,
      supportedInterfaces: [...good.supportedInterfaces, { ...good.supportedInterfaces[0]!, protocolVersion: "0.3" }],
    };
    expect(validateCard(both).findings.some((f) => f.message.startsWith("The card contradicts itself"))).toBe(false);
    expect(validateCard(both).version).toBe("1.0");
    expect(cardForClient(both)).toBe(both);
    expect(cardForClient(good)).toBe(good);
  });
});

describe("agent card validation: transports and security", () => {
  it("an unknown transport says which and that Loupe cannot use it", () => {
    const ws = { url: "wss://127.0.0.1:1/ws", protocolBinding: "WEBSOCKET", protocolVersion: "1.0" };
    const r = validateCard({ ...good, supportedInterfaces: [ws, ...good.supportedInterfaces] });
    expect(r.findings.map((f) => `${f.path} ${f.message}`)).toContain(
      '/supportedInterfaces/0/protocolBinding Transport "WEBSOCKET" at wss://127.0.0.1:1/ws is one Loupe cannot use (it speaks JSONRPC, HTTP+JSON and GRPC): this interface is skipped',
    );
    expect(r.findings.some((f) => f.message.includes("Not an http(s) URL"))).toBe(false);
    expect(r.usable).toEqual(["JSONRPC"]);
  });

  it("an apiKey scheme without name (or with a bad location) is an error, in both versions", () => {
    const v1 = said({ ...good, securitySchemes: { key: { apiKeySecurityScheme: { location: "header" } } } });
    expect(v1).toContain(
      'error /securitySchemes/key/apiKeySecurityScheme/name The apiKey scheme "key" has no name: a client cannot use it',
    );
    const old = said({ ...v03, securitySchemes: { key: { type: "apiKey", in: "body" } } });
    expect(old).toContain('error /securitySchemes/key/name The apiKey scheme "key" has no name: a client cannot use it');
    expect(old).toContain('error /securitySchemes/key/in in "body" is not one of query, header, cookie');
    const fine = said({ ...v03, securitySchemes: { key: { type: "apiKey", name: "X-Key", in: "header" } }, security: [{ key: [] }] });
    expect(fine.filter((f) => f.includes("securitySchemes"))).toEqual([]);
    expect(said({ ...good, securitySchemes: { b: { httpAuthSecurityScheme: {} } } })).toContain(
      'error /securitySchemes/b/httpAuthSecurityScheme/scheme The http scheme "b" has no scheme: a client cannot use it',
    );
  });
});
