import { describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/server";
import { paramHeaderProblem } from "@/lib/protocols/mcp/param-header-check";

const TOOL = {
  name: "route",
  inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, note: { type: "string" } } },
} as Tool;
const call = (args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name: "route", arguments: args },
});
const check = (args: Record<string, unknown>, headers: Record<string, string>) =>
  paramHeaderProblem(call(args), new Headers(headers), (name) => (name === "route" ? TOOL : undefined));

describe("Mcp-Param-* headers against the tools/call body (SEP-2243)", () => {
  it("accepts a literal or a Base64-wrapped value equal to the argument, with surrounding whitespace", () => {
    expect(check({ region: "eu-west" }, { "mcp-param-region": "  eu-west " })).toBeUndefined();
    expect(check({ region: "Hello" }, { "Mcp-Param-Region": `=?base64?${Buffer.from("Hello").toString("base64")}?=` })).toBeUndefined();
    // Without the full =?base64?…?= wrapper the value is literal.
    expect(check({ region: "=?base64?SGVsbG8=" }, { "mcp-param-region": "=?base64?SGVsbG8=" })).toBeUndefined();
  });

  it("refuses a missing header, a different value, and malformed Base64", () => {
    expect(check({ region: "eu-west" }, {})).toMatch(/Mcp-Param-Region header is missing/);
    expect(check({ region: "eu-west" }, { "mcp-param-region": "us-east" })).toMatch(/does not match the argument region/);
    expect(check({ region: "Hello" }, { "mcp-param-region": "=?base64?SGVsbG8?=" })).toMatch(/not valid Base64/);
    expect(check({ region: "Hello" }, { "mcp-param-region": "=?base64?SGVs!!!bG8=?=" })).toMatch(/not valid Base64/);
  });

  it("ignores calls without declared headers, absent arguments and other methods", () => {
    expect(check({ note: "x" }, {})).toBeUndefined();
    expect(paramHeaderProblem({ method: "tools/list" }, new Headers(), () => TOOL)).toBeUndefined();
    expect(paramHeaderProblem(call({ region: "a" }), new Headers(), () => undefined)).toBeUndefined();
  });
});
