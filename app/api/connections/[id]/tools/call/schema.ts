import { CallToolBody } from "@/lib/contracts/calls";

/** POST /api/connections/:id/tools/call */
export const callToolBody = CallToolBody;
