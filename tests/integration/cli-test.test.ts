import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "junit2json";
import { afterAll, describe, expect, it } from "vitest";
import type { SuiteFileInput } from "@/lib/contracts/testing";

type TargetInput = SuiteFileInput["cases"][number]["target"];
import { run } from "@/lib/cli/test";
import type { CliIO } from "@/lib/cli/io";
import { EVERYTHING, tempDir } from "@/tests/support/servers";

// Issue 24: `loupe-inspector test`, headless, against the real server-everything started from the
// suite file's own target; JUnit XML read back by a JUnit parser from npm (junit2json).
const data = tempDir("loupe-cli-test-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

const everything = { kind: "command" as const, command: process.execPath, args: [EVERYTHING, "stdio"] };

function echoCase(name: string, expected: string, target: TargetInput = everything) {
  return {
    name,
    protocol: "mcp",
    target,
    steps: [{ kind: "tools/call", input: { name: "echo", arguments: { message: "hi" } } }],
    recorded: { result: { content: [{ type: "text", text: "Echo: hi" }] }, finalResponse: "Echo: hi" },
    assertions: [{ type: "final_response", mode: "exact", expected }],
  };
}

/** A suite file as a user writes it (a bad one too: it is the CLI that checks it). */
function suiteFile(name: string, file: { cases: unknown[] }): string {
  const at = path.join(data.dir, name);
  writeFileSync(at, JSON.stringify({ format: "loupe-suite", version: 1, name, ...file }));
  return at;
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), cwd: data.dir, env: { LOUPE_DATA_DIR: data.dir } };
  const code = await run(argv, io);
  return { code, out, err };
}

describe("loupe-inspector test", () => {
  it("exits 0 when every case passes and writes JUnit XML a JUnit parser reads", async () => {
    const file = suiteFile("pass.loupe-suite.json", { cases: [echoCase("echo hi", "Echo: hi")] });
    const { code, out } = await cli(file, "--junit", "pass.xml", "--json", "pass.json");
    expect(out).toContain("pass.loupe-suite.json: 1 passed, 0 failed");
    expect(code).toBe(0);
    const junit = await parse(readFileSync(path.join(data.dir, "pass.xml"), "utf8"));
    expect(junit).toMatchObject({ tests: 1, failures: 0, errors: 0, testsuite: [{ testcase: [{ name: "echo hi" }] }] });
    expect(JSON.parse(readFileSync(path.join(data.dir, "pass.json"), "utf8"))).toMatchObject({ status: "passed" });
  }, 30_000);

  it("exits 1 with the reason when a case fails, and a server that is down is a clear error, not a crash", async () => {
    const down: TargetInput = { kind: "command", command: path.join(data.dir, "no-such-server") };
    const file = suiteFile("fail.loupe-suite.json", {
      cases: [echoCase("echo changed", "Echo: bye"), echoCase("server down", "Echo: hi", down)],
    });
    const { code, out } = await cli(file, "--junit", "fail.xml");
    expect(code).toBe(1);
    expect(out).toContain('✗ echo changed\n    fail: assertion 1 (final_response) failed: Expected "Echo: bye", got "Echo: hi"');
    expect(out).toMatch(/! server down\n {4}error: Could not connect to no-such-server: /);
    expect(out).toContain("fail.loupe-suite.json: 0 passed, 1 failed, 1 could not run");
    const junit = await parse(readFileSync(path.join(data.dir, "fail.xml"), "utf8"));
    const [changed, gone] = (junit && "testsuite" in junit ? junit.testsuite?.[0]?.testcase : undefined) ?? [];
    expect(changed?.failure?.[0]?.message).toBe('assertion 1 (final_response) failed: Expected "Echo: bye", got "Echo: hi"');
    expect(gone?.error?.[0]?.message).toMatch(/^Could not connect to no-such-server/);
    expect(junit).toMatchObject({ tests: 2, failures: 1, errors: 1 });
  }, 30_000);

  it("runs a suite exported from the UI (its cases name a server saved in Loupe) against --target", async () => {
    const file = suiteFile("saved.loupe-suite.json", {
      cases: [echoCase("echo saved", "Echo: hi", { kind: "saved", id: "0b5e-in-loupe" })],
    });
    const without = await cli(file);
    expect(without.code).toBe(1);
    expect(without.err).toContain(
      "1 case targets a server saved in Loupe (as cases saved from its UI do), which this run does not have: give --target <server>",
    );
    const spaced = (p: string) => (p.includes(" ") ? JSON.stringify(p) : p);
    const { code, out } = await cli(file, "--target", `${spaced(everything.command)} ${spaced(EVERYTHING)} stdio`);
    expect(out).toContain("saved.loupe-suite.json: 1 passed, 0 failed");
    expect(code).toBe(0);
    expect((await cli(file, "--target", " ")).code).toBe(2);
  }, 30_000);

  it("runs a config file's server named by --config", async () => {
    writeFileSync(
      path.join(data.dir, "mcp.json"),
      JSON.stringify({ mcpServers: { everything: { command: everything.command, args: everything.args } } }),
    );
    const file = suiteFile("config.loupe-suite.json", {
      cases: [echoCase("by config", "Echo: hi", { kind: "config", name: "everything" })],
    });
    expect((await cli(file, "--config", "mcp.json")).code).toBe(0);
    const missing = await cli(file);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('names the server "everything" of a config file but no file (--config)');
  }, 30_000);

  it("exits 2 on a suite file that does not parse, naming the bad field, from the real command line", async () => {
    const file = suiteFile("bad.loupe-suite.json", {
      cases: [{ ...echoCase("x", "y"), assertions: [{ type: "final_response", threshold: 3 }] }],
    });
    const bin = path.resolve(import.meta.dirname, "../../bin/loupe-inspector.mjs");
    const failed = await promisify(execFile)(process.execPath, [bin, "test", file]).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`${file}: cases[0].assertions[0].threshold: `);
    expect((await cli()).code).toBe(2);
  }, 60_000);
});
