import { z } from "zod";

/** POST /api/connections/:id/calls/:callId/cancel (the body may be empty). */
export const cancelCallBody = z.object({
  reason: z.string().max(500).optional(),
});
