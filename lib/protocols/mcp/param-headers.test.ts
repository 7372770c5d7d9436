import { describe, expect, it } from "vitest";
import { encodeHeaderValue, paramHeaderValues, scanParamHeaders } from "@/lib/protocols/mcp/param-headers";

const prop = (type: string, header: unknown) => ({ type, "x-mcp-header": header });

describe("scanParamHeaders (SEP-2243 x-mcp-header rules)", () => {
  it("collects declarations reached through properties alone, nested objects included", () => {
    const scan = scanParamHeaders({
      type: "object",
      properties: { region: prop("string", "Region"), outer: { type: "object", properties: { n: prop("integer", "N") } } },
    });
    expect(scan).toEqual({
      ok: true,
      headers: [
        { path: ["region"], name: "Region" },
        { path: ["outer", "n"], name: "N" },
      ],
    });
  });

  it.each([
    ["under items", { type: "object", properties: { list: { type: "array", items: prop("string", "Item") } } }, "reached through"],
    ["under $defs", { type: "object", $defs: { x: prop("string", "Def") }, properties: {} }, "reached through"],
    ["under anyOf", { type: "object", anyOf: [{ properties: { a: prop("string", "A") } }] }, "reached through"],
    ["at the root", { type: "object", "x-mcp-header": "Root" }, "reached through"],
    ["empty", { type: "object", properties: { a: prop("string", "") } }, "non-empty"],
    ["not a string", { type: "object", properties: { a: prop("string", 7) } }, "non-empty"],
    ["with a space", { type: "object", properties: { a: prop("string", "My Header") } }, "HTTP token"],
    ["with a colon", { type: "object", properties: { a: prop("string", "A:B") } }, "HTTP token"],
    ["non-ASCII", { type: "object", properties: { a: prop("string", "Régión") } }, "HTTP token"],
    ["on a number", { type: "object", properties: { a: prop("number", "A") } }, "string, integer or boolean"],
    ["on an object", { type: "object", properties: { a: prop("object", "A") } }, "string, integer or boolean"],
    [
      "repeated in another case",
      { type: "object", properties: { a: prop("string", "Dup"), b: prop("string", "DUP") } },
      "case-insensitive",
    ],
  ])("refuses a declaration %s", (_what, schema, reason) => {
    const scan = scanParamHeaders(schema);
    expect(scan.ok).toBe(false);
    expect(!scan.ok && scan.reason).toContain(reason);
  });

  it("ignores the key inside data keywords (default, const, enum, examples)", () => {
    const scan = scanParamHeaders({ type: "object", properties: { a: { type: "object", default: { "x-mcp-header": "X" } } } });
    expect(scan).toEqual({ ok: true, headers: [] });
  });
});

describe("paramHeaderValues and encodeHeaderValue", () => {
  it("sends plain visible ASCII as is and base64-encodes what HTTP would alter", () => {
    expect(encodeHeaderValue("us-west1")).toBe("us-west1");
    expect(encodeHeaderValue("us west 1")).toBe("us west 1");
    for (const text of ["", " padded", "padded ", "\tindented", "line1\nline2", "Hello, 世界", "=?base64?abc?="]) {
      expect(encodeHeaderValue(text)).toBe(`=?base64?${Buffer.from(text).toString("base64")}?=`);
    }
  });

  it("writes booleans and numbers as text and skips null, absent, objects and unsafe integers", () => {
    const headers = [
      { path: ["b"], name: "B" },
      { path: ["n"], name: "N" },
      { path: ["f"], name: "F" },
      { path: ["none"], name: "None" },
      { path: ["nul"], name: "Nul" },
      { path: ["obj"], name: "Obj" },
      { path: ["big"], name: "Big" },
    ];
    expect(paramHeaderValues(headers, { b: false, n: 42, f: 3.5, nul: null, obj: {}, big: 2 ** 60 })).toEqual({
      "Mcp-Param-B": "false",
      "Mcp-Param-N": "42",
      "Mcp-Param-F": "3.5",
    });
  });
});
