import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { readMcpConfig } from "./read";
import type { ResolveContext } from "./placeholders";
import type { ConfigEntry, ConfigReport } from "./types";

const dir = path.resolve(import.meta.dirname, "../../tests/fixtures/mcp-config");
const fixture = (name: string) => readFileSync(path.join(dir, name), "utf8");
const ctx: ResolveContext = { env: { USERJOT_API_TOKEN: "uj-123", GITHUB_TOKEN: "ghp-env", API_KEY: "k-1" }, home: "/home/me" };

function entries(report: ConfigReport): Record<string, ConfigEntry> {
  if (!report.ok) throw new Error(report.error);
  return Object.fromEntries(report.entries.map((e) => [e.name, e]));
}

describe("readMcpConfig: each client's file", () => {
  it("Claude Desktop: command / args / env as written", () => {
    const r = readMcpConfig(fixture("claude-desktop.json"), ctx);
    expect(r.ok && r.shape).toBe("mcpServers");
    const e = entries(r);
    expect(e.github).toMatchObject({
      client: "Claude Desktop",
      problems: [],
      notes: [],
      input: {
        transport: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-github"],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_exampleexampleexample1234" },
      },
    });
    expect(e.filesystem?.input).toMatchObject({ name: "filesystem", transport: "stdio", requestTimeoutMs: 60_000 });
  });

  it("Cursor: url + headers with ${env:VAR}, ${userHome}; ${workspaceFolder} of pasted text makes the entry unusable", () => {
    const e = entries(readMcpConfig(fixture("cursor.json"), ctx));
    expect(e.userjot).toMatchObject({
      client: "Cursor",
      input: { transport: "http", url: "https://api.userjot.com/v1/mcp", headers: { Authorization: "Bearer uj-123" } },
    });
    expect(e["local-python"]?.input).toBeNull();
    expect(e["local-python"]?.problems).toEqual([
      "args[0]: `${workspaceFolder}`: Loupe does not know the workspace folder of a pasted file",
    ]);
    const known = entries(readMcpConfig(fixture("cursor.json"), { ...ctx, workspaceFolder: "/work/proj" }));
    expect(known["local-python"]?.input).toMatchObject({ args: ["/work/proj/tools/mcp_server.py"], env: { DATA_DIR: "/home/me/data" } });
  });

  it("Windsurf: serverUrl, ${file:…} left empty with a note, disabled reported", () => {
    const e = entries(readMcpConfig(fixture("windsurf.json"), ctx));
    expect(e.figma).toMatchObject({
      client: "Windsurf",
      input: { transport: "http", url: "https://mcp.figma.example/mcp", headers: { "X-API-Key": "" } },
    });
    expect(e.figma?.notes).toEqual([
      "headers X-API-Key: `${file:/Users/me/.figma-key}` reads another file: Loupe does not; fill it in after import",
    ]);
    expect(e.github?.input).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp-env" } });
    expect(e["old-server"]).toMatchObject({ disabled: true, notes: ["disabled in the file"], problems: [] });
    expect(e["old-server"]?.input).not.toBeNull();
  });

  it("Claude Code: type stdio|http|sse, ${VAR} and ${VAR:-default}; an unset ${VAR} in args is a problem", () => {
    const e = entries(readMcpConfig(fixture("claude-code.mcp.json"), ctx));
    expect(e["api-server"]).toMatchObject({
      client: "Claude Code",
      input: { transport: "http", url: "https://api.example.com/mcp", headers: { Authorization: "Bearer k-1" } },
    });
    expect(e.events?.input).toMatchObject({ transport: "sse", url: "https://mcp.example.com/sse" });
    expect(e.local?.input).toBeNull();
    expect(e.local?.problems).toEqual(["args[1]: `${DB_PATH}`: DB_PATH is not set in Loupe's environment and has no default"]);
    const set = entries(
      readMcpConfig(fixture("claude-code.mcp.json"), { env: { DB_PATH: "/tmp/db", API_BASE_URL: "http://127.0.0.1:9" } }),
    );
    expect(set.local?.input).toMatchObject({ command: "/usr/local/bin/my-mcp", args: ["--db", "/tmp/db"], env: { LOG_LEVEL: "info" } });
    expect(set["api-server"]?.input).toMatchObject({ url: "http://127.0.0.1:9/mcp", headers: { Authorization: "" } });
    expect(set["api-server"]?.notes).toEqual([
      "headers Authorization: `${API_KEY}`: API_KEY is not set in Loupe's environment and has no default",
    ]);
  });

  it("the MCP Inspector's config: stdio, sse, streamable-http", () => {
    const e = entries(readMcpConfig(fixture("inspector.json"), ctx));
    expect(e["my-http"]).toMatchObject({ client: "MCP Inspector", input: { transport: "http", url: "http://localhost:3001/mcp" } });
    expect(e["my-sse"]?.input).toMatchObject({ transport: "sse", url: "http://localhost:3000/sse" });
    expect(e.everything?.input).toMatchObject({ command: "npx", env: { hello: "Hello MCP!" } });
  });

  it("VS Code mcp.json as JSONC: inputs are prompts Loupe cannot ask, ${env:} resolved, envFile noted", () => {
    const r = readMcpConfig(fixture("vscode-mcp.json"), ctx);
    expect(r.ok && r.shape).toBe("vscode");
    const e = entries(r);
    expect(e.Perplexity).toMatchObject({ client: "VS Code", input: { transport: "stdio", env: { PERPLEXITY_API_KEY: "" } } });
    expect(e.Perplexity?.notes).toEqual([
      'env PERPLEXITY_API_KEY: `${input:perplexity-key}` is a VS Code input prompt ("Perplexity API Key"): Loupe cannot ask for it; fill it in after import',
    ]);
    expect(e.github?.input).toMatchObject({ transport: "http", headers: { Authorization: "Bearer ghp-env" } });
    expect(e["asks-in-args"]?.input).toBeNull();
    expect(e["asks-in-args"]?.problems[0]).toMatch(/^args\[2\]: `\$\{input:perplexity-key\}` is a VS Code input prompt/);
    // ${workspaceFolder} is unknown for pasted text: the cwd makes the entry unusable …
    expect(e.fetch?.input).toBeNull();
    // … and known for a file on disk.
    const onDisk = entries(readMcpConfig(fixture("vscode-mcp.json"), { ...ctx, workspaceFolder: "/work/proj" }));
    expect(onDisk.fetch?.input).toMatchObject({ command: "uvx", cwd: "/work/proj" });
    expect(onDisk.fetch?.notes).toEqual(["envFile '${workspaceFolder}/.env' is not read by Loupe: add its variables after import"]);
  });

  it("never keeps a placeholder verbatim in what it would add", () => {
    for (const name of ["cursor.json", "windsurf.json", "claude-code.mcp.json", "vscode-mcp.json"]) {
      for (const entry of Object.values(entries(readMcpConfig(fixture(name), { env: {} })))) {
        expect(JSON.stringify(entry.input ?? {})).not.toMatch(/\$\{/);
      }
    }
  });

  it("a Loupe export without secrets: the mask is not a value", () => {
    const e = entries(readMcpConfig(JSON.stringify({ mcpServers: { s: { command: "node", env: { TOKEN: SECRET_MASK } } } }), ctx));
    expect(e.s?.input).toMatchObject({ env: { TOKEN: "" } });
    expect(e.s?.notes[0]).toMatch(/masked secret/);
  });
});

describe("readMcpConfig: bad input", () => {
  it("reports each bad entry in words and keeps the good one", () => {
    const e = entries(readMcpConfig(fixture("bad-entries.json"), ctx));
    expect(e.good?.input).toMatchObject({ command: "node", args: ["server.js"] });
    expect(e.nothing?.problems).toEqual(["no command and no url"]);
    expect(e.socket?.problems).toEqual(["type 'websocket' is not supported (Loupe speaks stdio, Streamable HTTP and SSE)"]);
    expect(e["ws-url"]?.problems).toEqual(["a WebSocket url: Loupe speaks Streamable HTTP and SSE"]);
    expect(e.both?.problems).toEqual(["both a command and a url: say which with `type`"]);
    expect(e["bad-args"]?.problems).toEqual(["`args` must be a list of strings"]);
    expect(e["bad-url"]?.problems[0]).toMatch(/^url: /);
    expect(e["not-an-object"]?.problems).toEqual(["the entry is not an object"]);
    for (const name of ["nothing", "socket", "ws-url", "both", "bad-args", "bad-url", "not-an-object"]) expect(e[name]?.input).toBeNull();
  });

  it("a file that does not parse adds nothing and says where it failed", () => {
    const r = readMcpConfig(fixture("bad-syntax.json"), ctx);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^Not valid JSON at line 4, column 5: /) });
  });

  it("a JSON file with no server list, an empty text, a non-object", () => {
    expect(readMcpConfig(fixture("not-a-config.json"), ctx)).toMatchObject({ ok: false, error: expect.stringMatching(/No `mcpServers`/) });
    expect(readMcpConfig("  ", ctx)).toEqual({ ok: false, error: "The text is empty" });
    expect(readMcpConfig("[1]", ctx)).toEqual({ ok: false, error: "The file is not a JSON object" });
    expect(readMcpConfig('{"mcpServers": {"a": {"command": "x"}', ctx)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Not valid JSON/),
    });
  });

  it("refuses a file with more servers than the cap, whole", () => {
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`s${i}`, { command: "node" }]));
    expect(readMcpConfig(JSON.stringify({ mcpServers: many }), ctx)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/501 servers/),
    });
  });

  it("keeps comment-looking text inside strings", () => {
    const e = entries(readMcpConfig('{"servers": {"u": {"type": "http", "url": "https://x.example/a//b", /* c */ }, } }', ctx));
    expect(e.u?.input).toMatchObject({ url: "https://x.example/a//b" });
  });
});
