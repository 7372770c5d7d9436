import "server-only";
import { describeExit } from "@/lib/server/mcp/transports";
import type { ChildExit } from "@/lib/server/mcp/transports";

/**
 * Why a connection's sessions ended, for its state and for the requests cut off: Loupe closed the
 * session (a note, kept per generation), the remote stopped answering (its detail), or the stdio
 * child exited (its code or signal).
 */
export class SessionEndNotes {
  private closed: { gen: number; text: string } | null = null;
  private lost: { gen: number; detail: string } | null = null;

  /** Loupe itself closed session `gen` (a restart, the user's disconnect). */
  noteClosed(gen: number, text: string): void {
    this.closed = { gen, text };
  }

  /** The remote of session `gen` was lost (network): `message` is the sentence that says why. */
  noteLost(gen: number, message: string): void {
    this.lost = { gen, detail: message.charAt(0).toLowerCase() + message.slice(1) };
  }

  /** Why session `gen` ended (the current one's: no `gen`). */
  reason(gen: number | undefined, exit: ChildExit | null | undefined): string {
    if (this.closed && this.closed.gen === gen) return this.closed.text;
    if (this.lost && this.lost.gen === gen) return `The connection to the server was lost (${this.lost.detail})`;
    if (exit) return `The server process ${describeExit(exit)}`;
    return "The connection to the server was closed";
  }

  /** What a request cut off by the end of session `gen` failed with ("… during the call"). */
  cutOff(gen: number, what: string, exit: ChildExit | null | undefined): string {
    if (this.lost && this.lost.gen === gen) return `The connection to the server was lost during the ${what} (${this.lost.detail})`;
    return `${this.reason(gen, exit)} during the ${what}`;
  }
}
