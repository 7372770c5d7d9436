import { z } from "zod";

/** POST /api/connections/:id/logging — the MCP LoggingLevel values (RFC 5424 severities). */
export const setLogLevelBody = z.object({
  level: z.enum(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]),
});
