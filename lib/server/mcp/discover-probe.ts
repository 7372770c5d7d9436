import "server-only";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/client";
import { errorMessage } from "@/lib/values";

/** What the server did with the client's `server/discover` probe (2026-07-28), for the era's "why". */
export type DiscoverProbe =
  | { state: "sent" }
  | { state: "result"; result: unknown }
  | { state: "error"; code: number; message: string }
  | { state: "transport_error"; message: string; status?: number };

export function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return "id" in message && !("method" in message);
}

/** Follows the last `server/discover` a RecordingTransport sent and what came of it. */
export class DiscoverProbeTracker {
  probe: DiscoverProbe | null = null;
  private id: RequestId | null = null;

  sent(id: RequestId): void {
    this.id = id;
    this.probe = { state: "sent" };
  }

  /** A response frame: noted when it answers the probe. */
  answered(message: JSONRPCMessage & { id: RequestId }): void {
    if (this.id === null || message.id !== this.id) return;
    if ("error" in message) {
      const { code, message: text } = message.error as { code: number; message: string };
      this.probe = { state: "error", code, message: text };
    } else if ("result" in message) {
      this.probe = { state: "result", result: message.result };
    }
  }

  /** The probe's own send failed (e.g. HTTP 400 from a legacy server). */
  sendFailed(method: string, id: RequestId, error: unknown): void {
    if (method !== "server/discover" || this.id !== id) return;
    const status = (error as { status?: unknown }).status;
    this.probe = { state: "transport_error", message: errorMessage(error), ...(typeof status === "number" ? { status } : {}) };
  }
}
