import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { DemoOffer, DemoOffers } from "@/lib/contracts/demos";

export const demoKeys = {
  offers: () => ["demos", "offers"] as const,
};

/** While a demo starts on request, its offer is read this often (it goes once the demo is saved). */
export const DEMO_START_POLL_MS = 1_000;

/**
 * The demos this install cannot run or starts only on request (decided at boot), and those that
 * failed to start: a demo fails seconds after boot, without a frame on any stream, so the list is
 * read again now and then, and every second while one starts on request.
 */
export function demoOffersQuery() {
  return queryOptions({
    queryKey: demoKeys.offers(),
    queryFn: async ({ signal }) => DemoOffers.parse(await apiFetch<unknown>("/api/demos", { signal })),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.offers.some((o) => o.start?.state === "starting") ? DEMO_START_POLL_MS : 15_000),
  });
}

/** POST /api/demos/<id>/start: the offer, now "starting". */
export async function startDemo(id: string): Promise<DemoOffer> {
  return DemoOffer.parse(await apiFetch<unknown>(`/api/demos/${encodeURIComponent(id)}/start`, { method: "POST" }));
}
