import "server-only";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { Socket } from "node:net";

/**
 * The watchdog: `read` blocks on a pipe whose only writer is Loupe. It returns on a line (Loupe saw
 * the server's main process exit) or on EOF (Loupe died, however abruptly: SIGKILL, OOM, crash —
 * the kernel closes the pipe). Either way what is left of the server's process group is ended:
 * SIGTERM, and SIGKILL after 2 s for processes that ignore that too. An empty group ends it at once.
 */
const WATCHDOG = `
read -r _
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
 * included) to Loupe's life. Closing stdin is not enough: many servers ignore EOF, and killing the
 * main process (the SDK's close) leaves what it spawned (`npx` → node). A tiny `sh` watchdog per
 * server costs about a megabyte; it runs in its own session, so a Ctrl-C meant for Loupe does not
 * end it before Loupe has closed its servers in order.
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
  // A piped stdio stream is a net.Socket (the Writable type does not say so).
  if (watchdog.stdin instanceof Socket) watchdog.stdin.unref();
  // The main process is gone: whatever it left in its group goes too.
  child.once("exit", () => {
    watchdog.stdin?.end("exited\n");
  });
}
