import "server-only";
import { logLine } from "@/lib/log-text";
import { errorMessage } from "@/lib/values";

/**
 * Runs `write` on the next turn of the event loop (setImmediate), after what this turn sends has
 * left: recording that does not have to come before an answer goes after it (issue 23's tap path).
 * A request that reads what `write` records arrives on a socket, in a later turn, after it. A
 * failure (the store closed meanwhile at shutdown) is said in one line, never thrown at nobody.
 */
export function afterThisTurn(write: () => void): void {
  setImmediate(() => {
    try {
      write();
    } catch (error) {
      logLine("[loupe] could not record after the answer:", errorMessage(error));
    }
  });
}
