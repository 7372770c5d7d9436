import { peerLocation } from "@/lib/workbench/peer-location";
import { peerSearch } from "@/lib/workbench/search-kind";

/** AG-UI's part of the workbench URL: ?view=agui&peer=<agent id>[&th=<threadId>][&item=<runId>]. */
export const aguiLocation = peerLocation("agui");

/** A found AG-UI thread opens in its agent's view. */
export const aguiSearch = peerSearch("agui", "AG-UI thread");
