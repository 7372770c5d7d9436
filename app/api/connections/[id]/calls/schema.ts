import { z } from "zod";

/** GET /api/connections/:id/calls?tool=NAME&limit=50 */
export const listCallsQuery = z.object({
  tool: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
