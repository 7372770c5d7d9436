import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

// tests/pack runs after Playwright's build (scripts/test-all.mjs, tests/pack/vitest.config.ts).
const EXCLUDE = ["**/node_modules/**", ".next/**", "e2e/**", "tests/pack/**", "dist/**"];
const DOM_FILES = ["components/**/*.test.{ts,tsx}", "hooks/**/*.test.{ts,tsx}"];

/**
 * Component and hook files that replace a module (`vi.mock`, `vi.doMock`): without isolation the
 * module may already be cached unmocked by an earlier file in the worker, so these keep a fresh
 * module graph (they run in the "node" project; their `@vitest-environment` comment still applies).
 */
function mockingFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const d of readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })) {
      const rel = `${dir}/${d.name}`;
      if (d.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(d.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, rel), "utf8")))
        out.push(rel);
    }
  };
  for (const dir of ["components", "hooks"]) walk(dir);
  return out;
}
const MOCKING = mockingFiles();
const PG_SWITCH = process.env.LOUPE_TEST_DATABASE_URL ? ["tests/support/pg-switch.ts"] : [];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    // Vitest 4 runs (CPUs - 1) files at a time: one on CI's 2 cores. The integration files spend much of
    // their time waiting on the processes they start (ADK api_servers, demo and SDK servers), so one
    // file per core keeps both busy (on 2 cores the whole suite took 1267 s with one worker, 813 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [] } },
    alias: { "server-only": path.resolve(import.meta.dirname, "lib/testing/server-only-stub.ts") },
    projects: [
      // Components and hooks: a worker runs its files one after another without re-importing React,
      // happy-dom and the app's modules for each (on 2 busy cores, 42 s instead of 165 s for
      // components/elements). lib/testing/dom-file-reset.ts puts back what a file patched.
      {
        extends: true,
        test: {
          name: "dom",
          include: DOM_FILES,
          exclude: [...EXCLUDE, ...MOCKING],
          isolate: false,
          setupFiles: ["lib/testing/dom-file-reset.ts"],
        },
      },
      // Everything else, each file in a fresh module graph: the server's singletons (the store, the
      // registries, the hub) and the processes they start belong to one file.
      // LOUPE_TEST_DATABASE_URL runs every store a file opens on PostgreSQL (tests/support/pg-switch.ts).
      {
        extends: true,
        test: { name: "node", include: ["**/*.test.ts", "**/*.test.tsx"], exclude: [...EXCLUDE, ...DOM_FILES], setupFiles: PG_SWITCH },
      },
      { extends: true, test: { name: "dom-mocking", include: MOCKING, exclude: EXCLUDE } },
    ],
  },
});
