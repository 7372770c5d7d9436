import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Peers the bench compares Loupe with (the MCP Inspector, mcp-proxy, supergateway) are installed by
 * the bench itself into a scratch folder outside the repository (never a dependency of Loupe),
 * pinned, and kept there between runs.
 */

/** The version of `name` installed in `dir`, if any. */
export function installedVersion(dir: string, name: string): string | undefined {
  try {
    const pkg: unknown = JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8"));
    return typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** Installs each `name@version` into `dir` unless that version is there (npm, scripts not run). */
export function ensureScratchPackages(dir: string, packages: Record<string, string>): void {
  const missing = Object.entries(packages).filter(([name, version]) => installedVersion(dir, name) !== version);
  if (missing.length === 0) return;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, "package.json"))) writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
  const specs = missing.map(([name, version]) => `${name}@${version}`);
  console.log(`installing ${specs.join(", ")} into ${dir} (once)…`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...specs], {
    cwd: dir,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const still = missing.filter(([name, version]) => installedVersion(dir, name) !== version);
  if (r.status !== 0 || still.length > 0) throw new Error(`npm install ${specs.join(" ")} failed in ${dir}`);
}
