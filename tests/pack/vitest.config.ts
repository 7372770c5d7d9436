import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The pack test alone (scripts/test-all.mjs runs it after Playwright, whose webServer leaves an
 * up-to-date production build: the package is made from that build, never from a second one).
 */
export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/pack/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // npm pack, then npm install: about a minute with better-sqlite3's prebuilt binary (served on loopback,
    // ./prebuilt-mirror.ts); where it cannot be, it builds from source (4 min on 2 busy cores).
    hookTimeout: 1_200_000,
  },
});
