import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import type { TapSecret } from "@/lib/contracts/taps";
import { getRegistry } from "@/lib/server/mcp/registry";
import { closeAllTapHosts } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";
import { startTapHost } from "@/tests/support/tap-host";
import type { TapHostServer } from "@/tests/support/tap-host";
import { settledCalls } from "@/tests/support/tapped-calls";

/**
 * `npx loupe tap <name>` from a packed tarball: `npm pack` of this repository, unpacked into a temp
 * folder's node_modules/loupe with its .bin link (what `npm install <tarball>` lays out, without
 * fetching Loupe's dependencies: the bin needs none, and the tarball carries no node_modules), then
 * an SDK client over stdio runs it with npx and reaches server-everything through a real tap.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const data = tempDir("loupe-tap-pack-data-");
process.env.LOUPE_DATA_DIR = data.dir;
const work = tempDir("loupe-tap-pack-");
const PORT = 8705;

let host: TapHostServer;
let secret: TapSecret;
let client: Client | undefined;

beforeAll(async () => {
  host = await startTapHost(PORT);
  const view = await getRegistry().create(stdioInput("packed everything", [EVERYTHING, "stdio"]));
  secret = getTaps().tapConnection(view.id, {});

  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", work.dir], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const tarball = path.join(work.dir, out.trim().split("\n").pop()!);
  const pkg = path.join(work.dir, "node_modules/loupe");
  mkdirSync(pkg, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", pkg, "--strip-components=1"]);
  mkdirSync(path.join(work.dir, "node_modules/.bin"), { recursive: true });
  symlinkSync("../loupe/bin/loupe.mjs", path.join(work.dir, "node_modules/.bin/loupe"));
}, 120_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await closeAllTapHosts();
  await host?.close();
  await getRegistry().closeAll();
  data.cleanup();
  work.cleanup();
});

describe("npx loupe tap from a packed tarball", () => {
  it("the tarball carries the bin and no dependencies", () => {
    const pkg = path.join(work.dir, "node_modules/loupe");
    expect(readdirSync(path.join(pkg, "bin"))).toEqual(expect.arrayContaining(["loupe.mjs", "tap-bridge.mjs", "tap-run.mjs"]));
    expect(readdirSync(pkg)).not.toContain("node_modules");
  });

  it("an SDK client over stdio lists and calls a tool of server-everything through the tap, found by name in taps.json", async () => {
    client = new Client({ name: "packed-client", version: "2.0.0" }, { capabilities: {}, versionNegotiation: { mode: "legacy" } });
    const transport = new StdioClientTransport({
      command: "npx",
      args: ["--no", "loupe", "tap", "packed everything"],
      cwd: work.dir,
      env: { ...getDefaultEnvironment(), LOUPE_DATA_DIR: data.dir, npm_config_offline: "true", npm_config_update_notifier: "false" },
      stderr: "pipe",
    });
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("echo");
    const result = await client.callTool({ name: "echo", arguments: { message: "from the tarball" } });
    expect(result.content).toEqual([{ type: "text", text: "Echo: from the tarball" }]);
    const call = (await settledCalls(secret.tap.id)).find((c) => JSON.stringify(c.args).includes("from the tarball"));
    expect(call).toMatchObject({ status: "ok", origin: { kind: "tap", client: { name: "packed-client", version: "2.0.0" } } });
  });
});
