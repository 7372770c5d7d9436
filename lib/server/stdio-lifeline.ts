import "server-only";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";

/**
 * The watchdog: `read` blocks on a pipe whose only writer is Loupe. "done" (Loupe saw the server
 * exit) ends it quietly; EOF without it means Loupe died, however abruptly (SIGKILL, OOM, crash:
 * the kernel closes the pipe). It then ends the server's whole process group: SIGTERM, and
 * SIGKILL after 2 s for a server that ignores that too.
 */
const WATCHDOG = `
if read -r _; then exit 0; fi
kill -TERM -"$1" 2>/dev/null || exit 0
i=0
while [ "$i" -lt 20 ]; do
  kill -0 -"$1" 2>/dev/null || exit 0
  sleep 0.1
  i=$((i + 1))
done
kill -KILL -"$1" 2>/dev/null
`;

/** Whether stdio servers are started in their own process group with a watchdog (POSIX only). */
export const LIFELINE_SUPPORTED = process.platform !== "win32";

/**
 * Ties a stdio server (spawned `detached`, so it leads its own process group, grandchildren
 * included) to Loupe's life. Closing stdin is not enough: many servers ignore EOF. A tiny `sh`
 * watchdog per server costs about a megabyte; it runs in its own session, so a Ctrl-C meant for
 * Loupe does not end it before Loupe has closed its servers in order.
 */
export function attachLifeline(child: ChildProcess): void {
  if (!LIFELINE_SUPPORTED || child.pid === undefined || child.exitCode !== null) return;
  const watchdog = spawn("/bin/sh", ["-c", WATCHDOG, "loupe-stdio-watchdog", String(child.pid)], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
  });
  // A missing /bin/sh costs the safety net, never the connection.
  watchdog.on("error", () => undefined);
  watchdog.stdin?.on("error", () => undefined);
  // Neither the watchdog nor its pipe may keep Loupe's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.once("exit", () => {
    watchdog.stdin?.end("done\n");
  });
}
