import { describe, expect, it } from "vitest";
import { parseArgs } from "./cli";

describe("parseArgs", () => {
  it("has the documented defaults", () => {
    expect(parseArgs([])).toEqual({
      port: 6280,
      host: "127.0.0.1",
      demo: true,
      open: true,
      mcp: [],
      mcpUrl: [],
      agents: [],
      langgraph: [],
      dev: false,
    });
  });

  it("reads every flag, repeatable ones in order", () => {
    const o = parseArgs([
      "--port",
      "7000",
      "--no-demo",
      "--no-open",
      "--mcp",
      "npx @modelcontextprotocol/server-everything",
      "--mcp",
      `node "my server.js" --x`,
      "--mcp-url=http://127.0.0.1:3001/mcp",
      "--agent",
      "http://127.0.0.1:8000",
      "--langgraph",
      "http://127.0.0.1:2024",
      "--langgraph=https://lg.example/api",
    ]);
    expect(o).toMatchObject({
      port: 7000,
      demo: false,
      open: false,
      mcp: [
        ["npx", "@modelcontextprotocol/server-everything"],
        ["node", "my server.js", "--x"],
      ],
      mcpUrl: ["http://127.0.0.1:3001/mcp"],
      langgraph: ["http://127.0.0.1:2024/", "https://lg.example/api"],
      agents: ["http://127.0.0.1:8000/"],
    });
  });

  it("explains bad input", () => {
    expect(() => parseArgs(["--port", "http"])).toThrow(/--port takes a port number/);
    expect(() => parseArgs(["--mcp"])).toThrow(/--mcp needs a value/);
    expect(() => parseArgs(["--mcp-url", "ftp://x"])).toThrow(/http\(s\) URL/);
    expect(() => parseArgs(["--frobnicate"])).toThrow(/Unknown option --frobnicate/);
  });
});
