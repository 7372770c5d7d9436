import type { Entry } from "@/lib/contracts/entries";
import { entryPayload } from "@/lib/contracts/entry-kinds";
import { isRecord } from "@/lib/values";

/** A tapped call as the traffic shows it: which tap, and which client asked (its clientInfo name). */
export interface TapOrigin {
  tapId: string;
  client?: string;
}

/**
 * The upstream `tools/call` requests a tap's client made, by JSON-RPC id (as a string), read from
 * the `loupe/call` records (CallRecord.origin, issue 10) so the traffic row of the request can say
 * "via <client>". A later record with the same id wins: ids restart when a connection does.
 */
export function tapOrigins(entries: Entry[]): Map<string, TapOrigin> {
  const out = new Map<string, TapOrigin>();
  for (const e of entries) {
    const call = entryPayload(e, "call");
    if (!call) continue;
    // The call schema checks only the fields every reader needs; origin is read with care.
    const requestId: unknown = call.requestId;
    const origin: unknown = call.origin;
    if ((typeof requestId !== "string" && typeof requestId !== "number") || !isRecord(origin) || origin.kind !== "tap") continue;
    const client = isRecord(origin.client) && typeof origin.client.name === "string" ? origin.client.name : undefined;
    out.set(String(requestId), { tapId: String(origin.tapId), ...(client ? { client } : {}) });
  }
  return out;
}
