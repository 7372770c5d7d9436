import { peerLocation } from "@/lib/workbench/peer-location";

/** A2A's part of the workbench URL: ?view=a2a&peer=<agent id>[&th=<contextId>][&item=<taskId>]. */
export const a2aLocation = peerLocation("a2a");
