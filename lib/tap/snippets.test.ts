import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SNIPPET_WHERE, tapSnippet } from "@/lib/tap/snippets";

const BIN = "/opt/Loupe folder/bin/loupe.mjs";
const input = { name: "Trip Planner", url: "http://127.0.0.1:3000/mcp/c_1", key: "k3y'x", bin: BIN };

describe("tap snippets", () => {
  it("Claude Desktop runs Loupe's own bin with node by its absolute path (npx loupe outside Loupe's folder fetches an unrelated npm package)", () => {
    expect(JSON.parse(tapSnippet("claude", input))).toEqual({
      mcpServers: { trip_planner: { command: "node", args: [BIN, "tap", "Trip Planner"] } },
    });
    expect(tapSnippet("claude", input)).not.toContain("npx");
    // npx stays only as the in-folder alternative, with the reason.
    expect(SNIPPET_WHERE.claude).toMatch(/Inside Loupe's folder npx loupe tap/);
    expect(SNIPPET_WHERE.claude).toMatch(/unrelated npm package named loupe/);
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
    const text = tapSnippet("claude", { name: "a, b]\n", url: "u", key: "k", bin: "/l/bin/loupe.mjs" });
    expect(JSON.parse(text)).toEqual({ mcpServers: { a_b: { command: "node", args: ["/l/bin/loupe.mjs", "tap", "a, b]\n"] } } });
    const plain = tapSnippet("claude", { name: "files", url: "u", key: "k", bin: "/l/bin/loupe.mjs" });
    expect(plain).toContain('"args": ["/l/bin/loupe.mjs", "tap", "files"]');
  });
});
