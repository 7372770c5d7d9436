import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/cli";
import { parseSnapshot } from "@/lib/surface";
import { freePort, startEverythingHttp } from "@/tests/support/servers";

/*
 * The headless CLI (issue 24) against a real server of our own in two released versions
 * (tests/fixtures/notes-server.mjs: 2 has known breaking changes against 1), run in-process
 * through runCli, plus the bin once as a process for its exit code.
 */

const root = path.resolve(import.meta.dirname, "../..");
const NOTES = path.join(root, "tests/fixtures/notes-server.mjs");
const v1 = `node ${NOTES} 1`;
const v2 = `node ${NOTES} 2`;
const dir = mkdtempSync(path.join(tmpdir(), "loupe-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: dir, env: process.env, home: homedir() });
  return { code, out, err };
}

describe("loupe-inspector snapshot / diff", () => {
  const file = path.join(dir, "v1.json");

  it("snapshot -o writes every page of every list, sorted, as a loupe-surface file", async () => {
    const r = await cli("snapshot", v1, "-o", file);
    expect(r.code).toBe(0);
    expect(r.err).toContain("4 tools, 1 prompt, 1 resource, 1 resource template");
    const parsed = parseSnapshot(readFileSync(file, "utf8"));
    if (!parsed.ok) throw new Error(parsed.error);
    // tools/list answers two a page: all four are there, in name order.
    expect(parsed.snapshot.tools.map((t) => t.name)).toEqual(["add_note", "delete_note", "list_notes", "search_notes"]);
    expect(parsed.snapshot.server).toEqual({ name: "notes", version: "1.0.0" });
    expect(parsed.snapshot.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("diff of the file against version 2 finds its breaking changes and exits 1; against version 1 nothing and exits 0", async () => {
    const r = await cli("diff", file, v2, "--json");
    expect(r.code).toBe(1);
    const diff = JSON.parse(r.out);
    expect(diff.counts).toMatchObject({ breaking: 7, addition: 1 });
    expect(diff.changes.filter((c: { kind: string }) => c.kind === "breaking").map((c: { path: string }) => c.path)).toEqual([
      '$.resourceTemplates["notes://{id}"]',
      '$.tools["add_note"].inputSchema.properties.folder',
      '$.tools["delete_note"]',
      '$.tools["list_notes"].annotations.readOnlyHint',
      '$.tools["search_notes"].inputSchema.properties.limit.type',
      '$.tools["search_notes"].inputSchema.properties.mode.enum',
      '$.tools["search_notes"].outputSchema.properties.total',
    ]);
    const text = await cli("diff", file, v2);
    expect(text.out.split("\n")[0]).toBe("Breaking (7):");
    expect(text.out).toContain("Tool `list_notes` is no longer read-only (readOnlyHint true → false).");
    expect(await cli("diff", file, v1)).toMatchObject({ code: 0, out: "No changes.\n" });
  });

  it("a file that is not a snapshot is an error naming the bad field", async () => {
    const bad = path.join(dir, "bad.json");
    const snapshot = JSON.parse(readFileSync(file, "utf8"));
    snapshot.tools[1].name = 7;
    writeFileSync(bad, JSON.stringify(snapshot));
    const r = await cli("diff", bad, file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.json: not a loupe-surface file: \$\.tools\[1\]\.name: /);
  });
});

describe("loupe-inspector call / list", () => {
  it("call prints the result; isError exits 1; bad --args is an error", async () => {
    const ok = await cli("call", v1, "search_notes", "--args", '{"query":"x"}');
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toBe('0 notes\n{\n  "notes": [],\n  "total": 0\n}\n');
    const refused = await cli("call", v1, "add_note", "--args", '{"text":""}');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe("A note needs text\n");
    expect(refused.err).toContain("add_note returned isError: true");
    expect((await cli("call", v1, "nope")).code).toBe(1);
    expect(await cli("call", v1, "add_note", "--args", "[1]")).toMatchObject({
      code: 2,
      err: expect.stringContaining("--args must be a JSON object"),
    });
  });

  it("list reads a server by its name in a --config file", async () => {
    const config = path.join(dir, "mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { notes: { command: "node", args: [NOTES, "2"] } } }));
    const r = await cli("list", "notes", "--config", config);
    expect(r.code).toBe(0);
    expect(r.out).toContain("notes 2.0.0");
    expect(r.out).toContain("Tools (4):\n  add_note  Adds a note to a folder.\n  archive_note  Archives a note.");
    expect(await cli("list", "other", "--config", config)).toMatchObject({
      code: 2,
      err: expect.stringContaining("no server of that name"),
    });
  });
});

describe("a URL", () => {
  it("an old HTTP+SSE server (server-everything's sse mode) is reached by falling back from Streamable HTTP", async () => {
    const everything = await startEverythingHttp("sse");
    try {
      const r = await cli("list", `http://127.0.0.1:${everything.port}/sse`);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^mcp-servers\/everything /);
      expect(r.out).toContain("  get-sum  Returns the sum of two numbers");
    } finally {
      await everything.stop();
    }
  });
});

describe("errors in words", () => {
  it("a command that is not there, a server that is down, an unknown command, --help", async () => {
    const missing = await cli("list", "no-such-mcp-server-command --flag");
    expect(missing).toMatchObject({
      code: 2,
      err: "loupe-inspector list: cannot start no-such-mcp-server-command --flag: command not found: no-such-mcp-server-command\n",
    });
    // A mistyped snapshot file name is not "command not found: surfce.json".
    expect(await cli("diff", "surfce.json", "v1.json")).toEqual({
      code: 2,
      out: "",
      err: "loupe-inspector diff: surfce.json: no such file, nor a command it could start\n",
    });
    const port = await freePort();
    const down = await cli("snapshot", `http://127.0.0.1:${port}/mcp`, "--timeout", "5000");
    expect(down).toMatchObject({
      code: 2,
      err: `loupe-inspector snapshot: cannot reach http://127.0.0.1:${port}/mcp: connection refused: is the server running? (ECONNREFUSED)\n`,
    });
    expect(await cli("frobnicate")).toMatchObject({ code: 2, err: expect.stringContaining("unknown command: frobnicate") });
    for (const command of ["snapshot", "diff", "call", "list"]) {
      const help = await cli(command, "--help");
      expect(help.code).toBe(0);
      expect(help.out.startsWith(`loupe-inspector ${command} `)).toBe(true);
    }
  });

  it("the bin runs a command headless and passes its exit code on", async () => {
    const a = path.join(dir, "bin-v1.json");
    await cli("snapshot", v1, "-o", a);
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, "bin/loupe-inspector.mjs"), "diff", a, v2], { cwd: dir, stdio: "ignore" });
      child.on("exit", (c) => resolve(c));
    });
    expect(code).toBe(1);
  });
});
