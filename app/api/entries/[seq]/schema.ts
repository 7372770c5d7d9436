import { z } from "zod";

/** GET /api/entries/:seq */
export const entryParams = z.object({
  seq: z.coerce.number().int().min(1),
});
