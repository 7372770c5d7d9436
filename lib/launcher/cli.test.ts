import path from "node:path";
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

describe("parseArgs --config / --server", () => {
  const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/mcp-config");
  const io = { cwd: fixtures, env: { GITHUB_TOKEN: "ghp-env" }, home: "/home/me" };

  it("pre-connects every usable, enabled server of the files, relative to the cwd it is given", () => {
    const o = parseArgs(["--config", "claude-desktop.json", "--config=windsurf.json"], io);
    expect(o.mcpConfig?.servers.map((s) => `${s.file}:${s.input.name}`)).toEqual([
      "claude-desktop.json:filesystem",
      "claude-desktop.json:github",
      "windsurf.json:github",
      "windsurf.json:figma",
    ]);
    expect(o.mcpConfig?.servers[2]?.input).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp-env" } });
    expect(o.mcpConfig?.messages).toEqual([
      "--config windsurf.json: figma: headers X-API-Key: `${file:/Users/me/.figma-key}` reads another file: Loupe does not; fill it in after import",
      "--config windsurf.json: old-server: disabled in the file",
      "--config windsurf.json: old-server: not added (disabled; pick it with --server old-server)",
    ]);
  });

  it("says in words which entries it cannot use, and resolves ${workspaceFolder} from the file's folder", () => {
    const o = parseArgs(["--config", "bad-entries.json", "--config", "cursor.json"], io);
    expect(o.mcpConfig?.servers.map((s) => s.input.name)).toEqual(["good", "server-name", "userjot", "local-python"]);
    expect(o.mcpConfig?.servers[3]?.input).toMatchObject({
      args: [path.join(fixtures, "tools/mcp_server.py")],
      env: { DATA_DIR: "/home/me/data" },
    });
    expect(o.mcpConfig?.messages).toContain("--config bad-entries.json: nothing: not added: no command and no url");
    expect(o.mcpConfig?.messages).toContain(
      "--config cursor.json: userjot: headers Authorization: `${env:USERJOT_API_TOKEN}`: USERJOT_API_TOKEN is not set in Loupe's environment",
    );
  });

  it("--server picks by name (a disabled one too); an unknown name lists the names found", () => {
    const o = parseArgs(["--config", "windsurf.json", "--server", "old-server"], io);
    expect(o.mcpConfig?.servers.map((s) => s.input.name)).toEqual(["old-server"]);
    expect(() => parseArgs(["--config", "windsurf.json", "--server", "nope"], io)).toThrow(
      "--server nope: no server of that name in windsurf.json (found: github, figma, old-server)",
    );
    expect(() => parseArgs(["--config", "bad-entries.json", "--server", "socket"], io)).toThrow(
      /--server socket \(bad-entries.json\) cannot be used: type 'websocket'/,
    );
    expect(() => parseArgs(["--server", "x"], io)).toThrow(/give --config <file> too/);
  });

  it("a file that cannot be read or parsed is a CLI error", () => {
    expect(() => parseArgs(["--config", "bad-syntax.json"], io)).toThrow(/^--config bad-syntax.json: Not valid JSON at line 4, column 5/);
    expect(() => parseArgs(["--config", "missing.json"], io)).toThrow(/^--config missing.json: cannot read it: ENOENT/);
    expect(() => parseArgs(["--config"], io)).toThrow(/--config needs a value/);
    expect(parseArgs([], io).mcpConfig).toBeUndefined();
  });
});

describe("parseArgs --team / --insecure-http (issue 25)", () => {
  const oidc = { LOUPE_OIDC_ISSUER: "https://id.example.test", LOUPE_OIDC_CLIENT_ID: "loupe" };
  const io = (env: Record<string, string | undefined>) => ({ cwd: "/", env, home: "/home/me" });

  it("turns team mode on by the flag or by LOUPE_OIDC_ISSUER alone; local mode has neither key", () => {
    expect(parseArgs(["--team"], io(oidc))).toMatchObject({ team: true });
    expect(parseArgs([], io(oidc))).toMatchObject({ team: true });
    expect(parseArgs([], io({}))).not.toHaveProperty("team");
  });

  it("needs its provider", () => {
    expect(() => parseArgs(["--team"], io({}))).toThrow(
      "Team mode signs people in through OpenID Connect: set LOUPE_OIDC_ISSUER and LOUPE_OIDC_CLIENT_ID",
    );
    expect(() => parseArgs([], io({ ...oidc, LOUPE_OIDC_ISSUER: "id.example" }))).toThrow(/LOUPE_OIDC_ISSUER takes an http\(s\) URL/);
  });

  it("refuses plain HTTP on a non-loopback address unless --insecure-http says a TLS proxy is in front", () => {
    expect(() => parseArgs(["--team", "--host", "0.0.0.0"], io(oidc))).toThrow(
      /^Team mode on 0\.0\.0\.0 would send sign-in cookies over plain HTTP: serve Loupe behind a TLS proxy and pass --insecure-http/,
    );
    expect(parseArgs(["--team", "--host", "0.0.0.0", "--insecure-http"], io(oidc))).toMatchObject({
      host: "0.0.0.0",
      team: true,
      insecureHttp: true,
    });
    // Local mode on 0.0.0.0 is unchanged (a warning at start, no refusal).
    expect(parseArgs(["--host", "0.0.0.0"], io({}))).not.toHaveProperty("team");
  });
});
