import { z } from "zod";

/** POST /api/playground/conversations/:id/stop — every running column, or the ones named. */
export const StopInput = z.object({ columnIds: z.array(z.string().min(1)).max(3).optional() });

/** GET /api/playground/conversations/:id/entries?before=SEQ&limit=N (as a connection's traffic). */
export const EntriesQuery = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
