import { z } from "zod";

export { userQuery } from "../../schema";

/** GET …/artifacts/:name?userId=&version= (latest without a version; versions start at 0). */
export const artifactQuery = z.object({
  userId: z.string().min(1).optional(),
  version: z.coerce.number().int().min(0).optional(),
});
