import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { DemoOffers } from "@/lib/contracts/demos";

export const demoKeys = {
  offers: () => ["demos", "offers"] as const,
};

/**
 * The demos this install cannot run (decided once at boot) and those that failed to start: a demo
 * fails seconds after boot, without a frame on any stream, so the list is read again now and then.
 */
export function demoOffersQuery() {
  return queryOptions({
    queryKey: demoKeys.offers(),
    queryFn: async ({ signal }) => DemoOffers.parse(await apiFetch<unknown>("/api/demos", { signal })),
    staleTime: Infinity,
    refetchInterval: 15_000,
  });
}
