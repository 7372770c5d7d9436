import { z } from "zod";
import { LgDeploymentInput } from "@/lib/contracts/langgraph";

/** PATCH /api/langgraph/deployments/:id: only the fields given change (no defaults filled in). */
export const updateLgDeploymentBody = z.object({
  name: LgDeploymentInput.shape.name.optional(),
  url: LgDeploymentInput.shape.url.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  pollSeconds: z.number().int().min(0).max(3600).optional(),
});

/** GET …/threads?status=&q=&limit= */
export const lgThreadsQuery = z.object({
  status: z.string().trim().min(1).max(40).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** GET …/graph?xray=1 */
export const lgGraphQuery = z.object({ xray: z.enum(["0", "1", "true", "false"]).optional() });

/** The query string of a request as an object (the last value of a repeated key). */
export const searchParams = (req: Request): Record<string, string> => Object.fromEntries(new URL(req.url).searchParams);
