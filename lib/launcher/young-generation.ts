/**
 * Loupe's own young generation kept at V8's first size (a 1 MiB semi-space, 2 MiB in all) instead
 * of growing to 16 MiB per semi-space (32 MiB) during start-up and the first page, where it stayed
 * resident: PSS of Loupe after one page load 148 → 112 MiB here, measured with that size set on
 * node's command line (issue 22: ≤ 250 MiB for the whole tree with the demo). It costs a few more
 * scavenges: CPU from spawn to a live page 3.92 → 3.99 s (median of 3, here). The demo servers get
 * the same through `--max-semi-space-size=1`
 * (`DEMO_NODE_FLAGS`, demo/process-group.ts), but Loupe's process is the user's own `node` (npm
 * start, npx), so its flags cannot be set on its command line: V8 reads the growth factor each time
 * the young generation would grow, so setting it at run time, before Next loads, holds it at its
 * first size. Larger objects (a 5 MiB result) go to the large-object space either way.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** The V8 flags the launcher sets on its own process (at run time; they are read when the young generation grows). */
export const LAUNCHER_V8_FLAGS: readonly string[] = ["--semi-space-growth-factor=1"];

/** Applies LAUNCHER_V8_FLAGS to this process. */
export function keepYoungGenerationSmall(): void {
  for (const flag of LAUNCHER_V8_FLAGS) setFlagsFromString(flag);
}

/** The young generation's committed size in bytes (both semi-spaces; its pages become resident as they are used). */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
}
