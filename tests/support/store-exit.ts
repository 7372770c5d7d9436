import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * Runs `body` in a child process with `store` opened on `dir` (openStore), then exits at once:
 * what the process's exit handlers write is what a test reads back. Returns the child's result.
 */
export function exitRightAfter(dir: string, body: string) {
  const script = `
    const { openStore } = await import(${JSON.stringify(path.resolve("lib/server/store.ts"))});
    const store = openStore(${JSON.stringify(dir)});
    ${body}
    process.exit(0);
  `;
  return spawnSync(process.execPath, ["--import", "tsx", "--conditions", "react-server", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 60_000,
  });
}
