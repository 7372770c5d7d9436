import type { Entry } from "@/lib/contracts/entries";
import { cachedEntryItems } from "./normalize";
import type { JsonRpcId } from "./types";

export interface ProgressUpdate {
  seq: number;
  receivedAt: number;
  progress: number;
  total?: number;
  message?: string;
  /** Arrived after the call was cancelled: server-everything keeps reporting (mcp.md §6.5). */
  afterCancel: boolean;
}

/**
 * Progress of one call Loupe made, in arrival order. Loupe uses the request id as the
 * progressToken (ARCHITECTURE.md), so the token must match it exactly (8 ≠ "8").
 * Pass the entries of the call's connection: tokens repeat across connections and sessions.
 */
export function callProgress(entries: Entry[], requestId: JsonRpcId, cancelledAt?: number): ProgressUpdate[] {
  const updates: ProgressUpdate[] = [];
  for (const entry of entries) {
    // Progress for Loupe's own requests comes from the server.
    if (entry.protocol !== "mcp" || entry.kind !== "message" || entry.direction !== "in") continue;
    for (const item of cachedEntryItems(entry)) {
      if (item.kind !== "progress" || item.progressToken !== requestId) continue;
      updates.push({
        seq: entry.seq,
        receivedAt: entry.receivedAt,
        progress: item.progress,
        ...(item.total !== undefined ? { total: item.total } : {}),
        ...(item.message !== undefined ? { message: item.message } : {}),
        afterCancel: cancelledAt !== undefined && entry.receivedAt > cancelledAt,
      });
    }
  }
  return updates.sort((a, b) => a.seq - b.seq);
}
