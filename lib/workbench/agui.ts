import { peerLocation } from "@/lib/workbench/peer-location";

/** AG-UI's part of the workbench URL: ?view=agui&peer=<agent id>[&th=<threadId>][&item=<runId>]. */
export const aguiLocation = peerLocation("agui");
