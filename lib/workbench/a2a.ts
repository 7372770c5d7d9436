import { peerLocation } from "@/lib/workbench/peer-location";
import { peerSearch } from "@/lib/workbench/search-kind";

/** A2A's part of the workbench URL: ?view=a2a&peer=<agent id>[&th=<contextId>][&item=<taskId>]. */
export const a2aLocation = peerLocation("a2a");

/** A found A2A context opens in its agent's view. */
export const a2aSearch = peerSearch("a2a", "A2A context");
