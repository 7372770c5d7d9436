import { z } from "zod";

const score = z.coerce.number().min(0).max(1).optional();

/** The evalset import's query: the app for cases that name none, the file's name, ADK's criteria. */
export const evalsetQuery = z.object({
  app: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(300).default("evalset.json"),
  tool_trajectory_avg_score: score,
  response_match_score: score,
});
