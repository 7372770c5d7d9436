import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { DemoOffers } from "@/lib/contracts/demos";

export const demoKeys = {
  offers: () => ["demos", "offers"] as const,
};

/** The demos this install cannot run (decided once at boot: never re-read). */
export function demoOffersQuery() {
  return queryOptions({
    queryKey: demoKeys.offers(),
    queryFn: async ({ signal }) => DemoOffers.parse(await apiFetch<unknown>("/api/demos", { signal })).offers,
    staleTime: Infinity,
  });
}
