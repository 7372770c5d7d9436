import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SNIPPET_WHERE, tapSnippet } from "@/lib/tap/snippets";

const BIN = "/opt/Loupe folder/bin/loupe.mjs";
const input = { name: "Trip Planner", url: "http://127.0.0.1:3000/mcp/c_1", key: "k3y'x", bin: BIN };

describe("tap snippets", () => {
  it("Claude Desktop runs the loupe-inspector package with npx, never the unrelated npm package named loupe", () => {
    expect(JSON.parse(tapSnippet("claude", input))).toEqual({
      mcpServers: { trip_planner: { command: "npx", args: ["-y", "loupe-inspector", "tap", "Trip Planner"] } },
    });
    expect(SNIPPET_WHERE.claude).toMatch(/loupe-inspector package/);
  });

  it("offline, Claude Desktop runs this Loupe's own bridge with node by its absolute path", () => {
    expect(JSON.parse(tapSnippet("claude-node", input))).toEqual({
      mcpServers: { trip_planner: { command: "node", args: [BIN, "tap", "Trip Planner"] } },
    });
    expect(tapSnippet("claude-node", input)).not.toContain("npx");
    expect(SNIPPET_WHERE["claude-node"]).toMatch(/nothing to download/);
  });

  it("Cursor and VS Code reach the URL with the key as a bearer header", () => {
    expect(JSON.parse(tapSnippet("cursor", input))).toEqual({
      mcpServers: { trip_planner: { url: input.url, headers: { Authorization: "Bearer k3y'x" } } },
    });
    expect(JSON.parse(tapSnippet("vscode", input))).toEqual({
      servers: { trip_planner: { type: "http", url: input.url, headers: { Authorization: "Bearer k3y'x" } } },
    });
  });

  it("the curl line survives a shell: a quote in the key stays one argument", () => {
    const line = tapSnippet("curl", input);
    // The shell itself splits it: print each argument curl would get.
    const args = execFileSync(
      "sh",
      ["-c", `set -- ${line.replace(/^curl /, "").replace(/\\\n/g, " ")}; for a; do printf '%s\\n' "$a"; done`],
      { encoding: "utf8" },
    )
      .trim()
      .split("\n");
    expect(args).toContain("Authorization: Bearer k3y'x");
    expect(JSON.parse(args[args.length - 1]!)).toMatchObject({ method: "initialize", params: { protocolVersion: "2025-11-25" } });
  });
});

describe("snippet layout", () => {
  it("keeps short arrays on one line, without changing what a string says", () => {
    const text = tapSnippet("claude-node", { name: "a, b]\n", url: "u", key: "k", bin: "/l/bin/loupe.mjs" });
    expect(JSON.parse(text)).toEqual({ mcpServers: { a_b: { command: "node", args: ["/l/bin/loupe.mjs", "tap", "a, b]\n"] } } });
    const plain = tapSnippet("claude-node", { name: "files", url: "u", key: "k", bin: "/l/bin/loupe.mjs" });
    expect(plain).toContain('"args": ["/l/bin/loupe.mjs", "tap", "files"]');
  });
});
