import { z } from "zod";

/** ?userId= (defaults to the agent server's configured user). */
export const userQuery = z.object({ userId: z.string().min(1).optional() });

/** POST …/sessions: JS takes the id only in the path, which is what Loupe sends when one is given. */
export const createSessionBody = z.object({
  userId: z.string().min(1).optional(),
  sessionId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/]+$/, "must not contain '/'")
    .optional(),
  state: z.record(z.string(), z.unknown()).optional(),
});
