import { z } from "zod";

/** GET /api/stream?since=SEQ — fallback for clients that cannot set Last-Event-ID. */
export const streamQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
});
