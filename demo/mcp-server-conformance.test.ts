import { execFile, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServerLaunch } from "./mcp/launch";

/**
 * The official conformance suite (`conformance/`, its own Node 22) against the demo server
 * started as documented: `node --import tsx demo/mcp-server.ts --http --port N --conformance`.
 * One server scenario per revision here; scripts/conformance.mjs runs the full requirement sets.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = 7112;
const SUITE_NODE = path.join(ROOT, "conformance/node_modules/.bin/node");
const SUITE = path.join(ROOT, "conformance/node_modules/@modelcontextprotocol/conformance/dist/index.js");

let server: ChildProcess;
let url: string;

beforeAll(async () => {
  // demoServerLaunch builds: node --import <tsx loader> demo/mcp-server.ts --http --port N --conformance
  const launch = demoServerLaunch({ httpPort: PORT, conformance: true });
  server = spawn(launch.command, launch.args, { cwd: ROOT, env: { ...process.env, ...launch.env }, stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve(line.trim());
    });
    server.once("exit", (code) => reject(new Error(`demo server exited with ${code} before listening`)));
  });
}, 30_000);
afterAll(() => {
  server?.kill("SIGTERM");
});

async function runScenario(
  scenario: string,
  specVersion: string,
): Promise<{ passed: number; total: number; failed: number; output: string }> {
  const { stdout } = await promisify(execFile)(
    SUITE_NODE,
    [SUITE, "server", "--url", url, "--scenario", scenario, "--spec-version", specVersion],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  const match = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
  if (!match) throw new Error(`no result line in the suite's output:\n${stdout}`);
  return { passed: Number(match[1]), total: Number(match[2]), failed: Number(match[3]), output: stdout };
}

describe("demo MCP server against the official conformance suite", () => {
  it("starts on the requested port over HTTP", () => {
    expect(url).toBe(`http://127.0.0.1:${PORT}/mcp`);
  });

  it("passes server-stateless at 2026-07-28 (discover, _meta envelope, routing headers, listen streams)", async () => {
    const result = await runScenario("server-stateless", "2026-07-28");
    expect(result.failed, result.output).toBe(0);
    expect(result.total).toBeGreaterThanOrEqual(30);
    expect(result.passed).toBe(result.total);
  }, 60_000);

  it("passes tools-call-elicitation at 2025-11-25 (a server→client request inside a session)", async () => {
    const result = await runScenario("tools-call-elicitation", "2025-11-25");
    expect(result.failed, result.output).toBe(0);
    expect(result.passed).toBe(result.total);
    expect(result.total).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
