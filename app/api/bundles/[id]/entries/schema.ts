import { z } from "zod";
import { BUNDLE_PAGE_MAX, BUNDLE_PAGE_SIZE } from "@/lib/contracts/bundle";

/** ?cursor= (the previous page's nextCursor) &limit= (entries per page, at most BUNDLE_PAGE_MAX). */
export const bundlePageQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(BUNDLE_PAGE_MAX).default(BUNDLE_PAGE_SIZE),
});
