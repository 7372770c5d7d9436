import { z } from "zod";

/** GET /api/connections/:id/traffic?before=SEQ&limit=N */
export const trafficQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});
