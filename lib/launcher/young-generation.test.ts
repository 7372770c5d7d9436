import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const REPO = path.resolve(import.meta.dirname, "../..");
const TSX = pathToFileURL(path.join(REPO, "node_modules/tsx/dist/loader.mjs")).href;
const MODULE = pathToFileURL(path.join(REPO, "lib/launcher/young-generation.ts")).href;
const MiB = 1024 * 1024;

/**
 * The young generation's size before and after a burst of short-lived allocations, in a fresh node
 * (V8 flags are process-wide: never set in the test's own process), with or without the launcher's flags.
 */
function burst(small: boolean): { before: number; after: number } {
  const code = `
    const { keepYoungGenerationSmall, youngGenerationBytes } = await import(${JSON.stringify(MODULE)});
    if (${small}) keepYoungGenerationSmall();
    const before = youngGenerationBytes();
    let keep = [];
    for (let i = 0; i < 2e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 100000) keep = []; }
    process.stdout.write(JSON.stringify({ before, after: youngGenerationBytes() }));`;
  const out = execFileSync(process.execPath, ["--import", TSX, "--input-type=module", "-e", code], { cwd: REPO, encoding: "utf8" });
  return z.object({ before: z.number(), after: z.number() }).parse(JSON.parse(out));
}

describe("keepYoungGenerationSmall", () => {
  it("holds the young generation at its size through a burst that grows it otherwise", () => {
    const free = burst(false);
    const held = burst(true);
    // Without the flags the burst grows it (V8 doubles it, up to 32 MiB): the check below is meaningful.
    expect(free.after).toBeGreaterThanOrEqual(Math.max(free.before * 4, 8 * MiB));
    expect(held.before).toBeGreaterThan(0);
    expect(held.before).toBeLessThanOrEqual(4 * MiB);
    expect(held.after).toBe(held.before);
  }, 60_000);
});
