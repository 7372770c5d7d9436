import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ConformanceSuiteState } from "@/lib/contracts/conformance";
import { getRegistry } from "@/lib/server/mcp/registry";
import { tempDir } from "@/tests/support/servers";
import * as suite from "@/app/api/conformance/suite/route";
import * as scenarios from "@/app/api/connections/[id]/conformance/scenarios/route";
import * as conformance from "@/app/api/connections/[id]/conformance/route";

// Issue 22: the Conformance tab never installs on a GET. Every process Loupe starts goes through
// node:child_process's spawn: a spy on it says whether a route started npm (or anything else).
const spawned = vi.hoisted(() => ({ commands: [] as string[] }));
vi.mock("node:child_process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:child_process")>();
  const spawn = new Proxy(actual.spawn, {
    apply(target, thisArg, args: unknown[]) {
      spawned.commands.push(String(args[0]));
      return Reflect.apply(target, thisArg, args);
    },
  });
  return { ...actual, default: { ...actual, spawn }, spawn };
});

const data = tempDir("loupe-suite-data-");
const suiteDir = tempDir("loupe-suite-empty-");
const npmCache = tempDir("loupe-suite-npm-cache-");
process.env.LOUPE_DATA_DIR = data.dir;
// The suite's one place: an empty folder (the repository's conformance/ may be installed).
process.env.LOUPE_CONFORMANCE_DIR = path.join(suiteDir.dir, "conformance");
// npm offline: a registry on a closed port, no retries, and an empty cache (a warm one would
// install the lockfile's tarballs without the network).
process.env.npm_config_registry = "http://127.0.0.1:9/";
process.env.npm_config_fetch_retries = "0";
process.env.npm_config_cache = npmCache.dir;

const base = "http://127.0.0.1:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = (await r.json()) as T;
  if (r.status !== status) throw new Error(`expected HTTP ${status}, got ${r.status}: ${JSON.stringify(body)}`);
  return body;
}

let id = "";
beforeAll(async () => {
  const view = await getRegistry().create(
    { name: "suite-http", transport: "http", url: "http://127.0.0.1:9/mcp", headers: {}, requestTimeoutMs: 5_000 },
    { connect: false },
  );
  id = view.id;
});

afterAll(async () => {
  await getRegistry().closeAll();
  for (const d of [data, suiteDir, npmCache]) d.cleanup();
});

describe("the conformance suite: found, never installed by a GET", () => {
  it("GET says the suite is missing and where it was looked for; listing scenarios is a 409 in words; nothing is spawned", async () => {
    const state = await json<ConformanceSuiteState>(suite.GET(), 200);
    expect(state).toMatchObject({ status: "missing", dir: null, installDir: process.env.LOUPE_CONFORMANCE_DIR, error: null });
    expect(state.looked).toEqual([process.env.LOUPE_CONFORMANCE_DIR]);
    expect(state.manual).toMatch(/^npm install --prefix ".+conformance" @modelcontextprotocol\/conformance@\S+ node@22/);

    const list = await json<{ error: { code: string; message: string } }>(
      scenarios.GET(new Request(`${base}/x?revision=2025-11-25`), ctx(id)),
      409,
    );
    expect(list.error.code).toBe("conflict:conformance_suite_missing");
    expect(list.error.message).toContain("The conformance suite is not installed");
    const run = await json<{ error: { code: string } }>(
      conformance.POST(new Request(`${base}/x`, { method: "POST", body: JSON.stringify({ revision: "2025-11-25" }) }), ctx(id)),
      409,
    );
    expect(run.error.code).toBe("conflict:conformance_suite_missing");
    expect(spawned.commands).toEqual([]);
    expect(existsSync(process.env.LOUPE_CONFORMANCE_DIR ?? "")).toBe(false);
  });

  it("Install with npm offline fails in words, one install at a time, and leaves nothing a later GET takes as installed", async () => {
    const started = await json<ConformanceSuiteState>(suite.POST(), 202);
    expect(started.status).toBe("installing");
    expect(spawned.commands.map((c) => path.basename(c))).toEqual([process.platform === "win32" ? "npm.cmd" : "npm"]);
    const again = await json<{ error: { code: string } }>(suite.POST(), 409);
    expect(again.error.code).toBe("conflict:conformance_installing");

    await expect
      .poll(async () => (await json<ConformanceSuiteState>(suite.GET(), 200)).status, { timeout: 120_000, interval: 250 })
      .toBe("failed");
    const failed = await json<ConformanceSuiteState>(suite.GET(), 200);
    expect(failed.error).toMatch(
      /^npm could not reach the registry \(.*ECONNREFUSED.*\): the suite needs a network connection once; or install it by hand with: npm install --prefix /,
    );
    expect(failed.lines.length).toBeGreaterThan(0);
    expect(failed.lines.length).toBeLessThanOrEqual(200);
    // No staging folder left, no target made: the next GET still says missing-or-failed, never installed.
    expect(readdirSync(suiteDir.dir)).toEqual([]);
    const list = await scenarios.GET(new Request(`${base}/x?revision=2025-11-25`), ctx(id));
    expect(list.status).toBe(409);
  }, 150_000);
});
