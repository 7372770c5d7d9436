import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { StorageFigure } from "@/lib/contracts/storage";

export const storageKeys = {
  figure: () => ["storage"] as const,
};

/** While recording is paused the figure is asked often, so the banner goes as soon as recording resumes. */
export const STORAGE_POLL_MS = 30_000;
export const STORAGE_PAUSED_POLL_MS = 5_000;

/** The store's size, cap, oldest entry, last prune and recording state (GET /api/storage). */
export function storageQuery() {
  return queryOptions({
    queryKey: storageKeys.figure(),
    queryFn: async ({ signal }) => StorageFigure.parse(await apiFetch<unknown>("/api/storage", { signal })),
    refetchInterval: (query) => (query.state.data?.recording.state === "paused" ? STORAGE_PAUSED_POLL_MS : STORAGE_POLL_MS),
  });
}
