/**
 * Demo entry points compiled once to plain ESM under `.next/cache/loupe-demo/<name>/` (by
 * scripts/build-demo.mjs, in a short-lived child), so a demo server runs on plain `node`: no
 * esbuild service or TypeScript loader at run time, nothing left in the system temp folder. A build
 * is reused while none of its inputs (esbuild's list) is newer than it; `.next/cache` survives
 * `next build`, and packages resolve from the repository's node_modules above it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { lowerPriority } from "./process-group";

/** Output path (no extension) → source file. */
export type Entries = Record<string, string>;

const Manifest = z.object({ dir: z.string(), entries: z.record(z.string(), z.string()), inputs: z.array(z.string()) });

export const prebuiltBase = (root: string, name: string): string => path.join(root, ".next/cache/loupe-demo", name);

const sameEntries = (a: Entries, b: Entries): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([out, src]) => b[out] === src);

/** The current build's folder if it holds `entries` and no input is newer than it; else undefined. */
export function freshBuild(base: string, entries: Entries): string | undefined {
  try {
    const file = path.join(base, "current.json");
    const built = statSync(file).mtimeMs;
    const manifest = Manifest.parse(JSON.parse(readFileSync(file, "utf8")));
    if (!sameEntries(manifest.entries, entries)) return undefined;
    if (!Object.keys(entries).every((out) => existsSync(path.join(manifest.dir, `${out}.mjs`)))) return undefined;
    // statSync throws for an input that is gone: stale as well.
    if (manifest.inputs.some((input) => statSync(input).mtimeMs > built)) return undefined;
    return manifest.dir;
  } catch {
    return undefined;
  }
}

function runBuild(root: string, base: string, entries: Entries): Promise<void> {
  const script = path.join(root, "scripts/build-demo.mjs");
  const child = spawn(process.execPath, [script, JSON.stringify({ root, base, entries })], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
  });
  lowerPriority(child.pid);
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => void (errors = (errors + chunk.toString("utf8")).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`building the demo (${base}) failed (${code}):\n${errors}`))));
  });
}

/** The folder of a fresh build of `entries` (built first when missing or stale). */
export async function prebuilt(root: string, name: string, entries: Entries): Promise<string> {
  const base = prebuiltBase(root, name);
  const fresh = freshBuild(base, entries);
  if (fresh) return fresh;
  await runBuild(root, base, entries);
  const built = freshBuild(base, entries);
  if (!built) throw new Error(`the demo build in ${base} is missing after it was built`);
  return built;
}

/**
 * An `adk api_server` agents dir compiled: each `<app>/agent.ts` (or `app.ts`) of `agentsDir` as
 * `<app>/agent.mjs` (`app.mjs`) in the returned folder, which api_server loads as is with
 * `--compile false --bundle false`.
 */
export function prebuiltAgents(root: string, agentsDir: string): Promise<string> {
  const entries: Entries = {};
  for (const app of readdirSync(agentsDir, { withFileTypes: true })) {
    if (!app.isDirectory() || app.name.startsWith(".") || app.name === "node_modules") continue;
    const entry = ["app", "agent"].find((file) => existsSync(path.join(agentsDir, app.name, `${file}.ts`)));
    if (entry) entries[`${app.name}/${entry}`] = path.join(agentsDir, app.name, `${entry}.ts`);
  }
  const key = createHash("sha256").update(path.resolve(agentsDir)).digest("hex").slice(0, 10);
  return prebuilt(root, `adk-agents-${key}`, entries);
}
