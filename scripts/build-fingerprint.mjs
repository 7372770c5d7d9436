// What the production build was made from, without walking the source folders (issue 22: no source
// walk on every start). In a git checkout: the tree hashes of the source paths at HEAD, the paths
// `git status` lists under them (changed, staged, untracked) and the mtime and size of only those.
// next.config.mjs stores it when `next build` starts; scripts/start.mjs compares it with the current
// one. Without git (a tarball of the sources) there is none: start.mjs then builds only when no build
// exists (LOUPE_FORCE_BUILD=1 forces one).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The paths a build is made from (server.ts is compiled apart: scripts/start.mjs checks its own inputs). */
export const SOURCES = [
  "app",
  "components",
  "lib",
  "hooks",
  "demo",
  "public",
  "next.config.mjs",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
  "instrumentation.ts",
];

/** Where the build's fingerprint is kept: `next build` empties .next but for its cache folder. */
export const fingerprintFile = (root) => path.join(root, ".next", "cache", "loupe-build-sources.json");

function git(root, args) {
  const r = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : null;
}

/** The sources' fingerprint as a string, or null when `root` is not a git checkout (or git is missing). */
export function sourceFingerprint(root) {
  const trees = git(root, ["ls-tree", "HEAD", "--", ...SOURCES]);
  if (trees === null) return null;
  const status = git(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ...SOURCES]);
  if (status === null) return null;
  // -z: "XY path\0", a rename adds "\0old path"; only the first path of each record exists now.
  const dirty = status
    .split("\0")
    .filter((record) => /^[ MADRCU?!]{2} /.test(record))
    .map((record) => {
      const file = record.slice(3);
      try {
        const st = statSync(path.join(root, file));
        return `${record} ${st.mtimeMs} ${st.size}`;
      } catch {
        return `${record} gone`;
      }
    });
  return JSON.stringify({ trees: trees.trim().split("\n"), dirty });
}

/** Stores the fingerprint of the sources a build starts from (next.config.mjs, phase production-build). */
export function recordBuildSources(root) {
  const fingerprint = sourceFingerprint(root);
  const file = fingerprintFile(root);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ fingerprint }));
}

/**
 * Why the production build must be made again, or null when it is up to date: no build, or a
 * fingerprint that differs from the one stored at build time. Without git, an existing build is kept.
 */
export function rebuildReason(root, { force = false } = {}) {
  if (force) return "LOUPE_FORCE_BUILD=1";
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) return "no build yet";
  const now = sourceFingerprint(root);
  if (now === null) return null;
  let stored = null;
  try {
    stored = JSON.parse(readFileSync(fingerprintFile(root), "utf8")).fingerprint ?? null;
  } catch {
    return "the build does not say which sources it was made from";
  }
  return stored === now ? null : "sources changed";
}
