import { z } from "zod";

/**
 * GET /api/stream?since=SEQ&runs=1. `since`: a fallback for clients that cannot set Last-Event-ID.
 * `runs=1`: the client reads `entries` events (a run of a relay stream's frames as one event,
 * lib/contracts/entries.ts); without it every entry is its own `entry` event.
 */
export const streamQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
  runs: z.literal("1").optional(),
});
