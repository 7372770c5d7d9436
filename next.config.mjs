import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { recordBuildSources } from "./scripts/build-fingerprint.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The folder the standalone trace may copy from: the checkout, or the folder that holds both it and
 * its node_modules when that is a link elsewhere (a git worktree sharing one install): files outside
 * the tracing root are left out of .next/standalone.
 */
function tracingRoot() {
  let modules = path.join(root, "node_modules");
  try {
    modules = realpathSync(modules);
  } catch {
    return root;
  }
  let dir = root;
  while (path.relative(dir, modules).startsWith("..")) dir = path.dirname(dir);
  return dir;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and process-spawning packages stay plain Node requires, so the server registry and
  // the SQLite handle are one instance across every route bundle.
  serverExternalPackages: ["better-sqlite3", "@modelcontextprotocol/sdk"],
  poweredByHeader: false,
  reactStrictMode: true,
  devIndicators: false,
  // Loupe answers on loopback: gzip of a multi-MB JSON answer cost more time than the bytes it
  // saved (bench: 5 MiB tools/call). Static files are small and cached by the browser anyway.
  compress: false,
  // `npm test` type-checks the whole project with tsc (scripts/test-all.mjs); the build checking it
  // again took 116 s of CI's budget and of every rebuild `npm start` does after a change.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Next loads every route's module before the first request by default (docs: guides/memory-usage):
    // a local tool uses a few routes per session, so load each on its first request instead.
    preloadEntriesOnStart: false,
  },
};

/**
 * `next build` records which sources it starts from (scripts/start.mjs rebuilds only when they
 * changed) and also writes .next/standalone: the server and only the files it traces, which the npm
 * package ships (scripts/pack.mjs). Only the build asks for it: the repository's own `npm start` runs
 * server.ts on the full .next, where Next would warn that standalone output wants its own server.
 */
export default function config(phase) {
  if (phase !== "phase-production-build") return nextConfig;
  recordBuildSources(root);
  return {
    ...nextConfig,
    output: "standalone",
    outputFileTracingRoot: tracingRoot(),
    // Turbopack keeps a cache for the next build, which a developer's rebuild reuses; a CI run
    // (Playwright's webServer sets CI) builds once from a clean clone and would wait 20–30 s for it.
    experimental: { ...nextConfig.experimental, turbopackFileSystemCacheForBuild: !process.env.CI },
  };
}
