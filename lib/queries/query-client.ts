import { QueryClient } from "@tanstack/react-query";
import type { AppError } from "@/lib/errors";

// apiFetch turns every failure into an AppError (STYLE rule 4); tell react-query so
// `query.error` is typed as such everywhere.
declare module "@tanstack/react-query" {
  interface Register {
    defaultError: AppError;
  }
}

/** The browser's one QueryClient. Live data arrives over the event stream, so no polling. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}
