import { z } from "zod";
import { ENTRIES_PER_READ } from "@/lib/contracts/entries";

/** GET /api/entries?seqs=1,2,3 — up to ENTRIES_PER_READ seqs, comma-separated. */
export const entriesQuery = z.object({
  seqs: z
    .string()
    .regex(/^\d+(,\d+)*$/, "seqs is a comma-separated list of entry seqs")
    .transform((s) => s.split(",").map(Number))
    .refine((list) => list.length <= ENTRIES_PER_READ, `at most ${ENTRIES_PER_READ} seqs per read`)
    .refine((list) => list.every((n) => Number.isSafeInteger(n) && n >= 1), "each seq is a whole number from 1"),
});
