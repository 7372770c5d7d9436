import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { rebuildReason, recordBuildSources } from "./build-fingerprint.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with one source file and one file outside the sources, committed; `git: false` leaves git out. */
function checkout({ git = true } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "loupe-fp-"));
  dirs.push(root);
  mkdirSync(path.join(root, "lib"));
  writeFileSync(path.join(root, "lib/a.ts"), "export const a = 1;\n");
  writeFileSync(path.join(root, "README.md"), "readme\n");
  if (git) {
    const run = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
    run("init", "-q");
    run("add", ".");
    run("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init");
  }
  return root;
}

/** What `next build` leaves that start.mjs looks at: the fingerprint (next.config.mjs) and BUILD_ID. */
function build(root: string): void {
  recordBuildSources(root);
  writeFileSync(path.join(root, ".next/BUILD_ID"), "id");
}

describe("rebuildReason (scripts/start.mjs decides without walking the sources)", () => {
  it("builds when there is no build, and not again while the sources are those it was made from", () => {
    const root = checkout();
    expect(rebuildReason(root)).toBe("no build yet");
    build(root);
    expect(rebuildReason(root)).toBeNull();
    expect(rebuildReason(root, { force: true })).toBe("LOUPE_FORCE_BUILD=1");
  });

  it("rebuilds after an edit, a second edit of a file already changed, and a new file", () => {
    const root = checkout();
    writeFileSync(path.join(root, "lib/a.ts"), "export const a = 2;\n");
    build(root);
    expect(rebuildReason(root)).toBeNull();
    // Edited again: git status lists the same line, its mtime and size tell.
    writeFileSync(path.join(root, "lib/a.ts"), "export const a = 33;\n");
    expect(rebuildReason(root)).toBe("sources changed");
    build(root);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, "lib/a.ts"), later, later);
    expect(rebuildReason(root)).toBe("sources changed");
    build(root);
    writeFileSync(path.join(root, "lib/new.ts"), "export {};\n");
    expect(rebuildReason(root)).toBe("sources changed");
  });

  it("keeps the build when only files outside the sources change or are committed", () => {
    const root = checkout();
    build(root);
    writeFileSync(path.join(root, "README.md"), "changed\n");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "docs"], { cwd: root });
    expect(rebuildReason(root)).toBeNull();
  });

  it("rebuilds a build that does not say what it was made from", () => {
    const root = checkout();
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next/BUILD_ID"), "id");
    expect(rebuildReason(root)).toBe("the build does not say which sources it was made from");
  });

  it("without git, keeps any build and builds only a missing one", () => {
    const root = checkout({ git: false });
    expect(rebuildReason(root)).toBe("no build yet");
    build(root);
    writeFileSync(path.join(root, "lib/a.ts"), "export const a = 2;\n");
    expect(rebuildReason(root)).toBeNull();
  });
});
