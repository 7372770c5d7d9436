import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    // tests/pack runs after Playwright's build (scripts/test-all.mjs, tests/pack/vitest.config.ts).
    exclude: ["**/node_modules/**", ".next/**", "e2e/**", "tests/pack/**", "dist/**"],
    environment: "node",
    // Vitest 4 runs (CPUs - 1) files at a time: one on CI's 2 cores. The integration files spend much of
    // their time waiting on the processes they start (ADK api_servers, demo and SDK servers), so one
    // file per core keeps both busy (on 2 cores the whole suite took 1267 s with one worker, 813 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [] } },
    alias: { "server-only": path.resolve(import.meta.dirname, "lib/testing/server-only-stub.ts") },
  },
});
