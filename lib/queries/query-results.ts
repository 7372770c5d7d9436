import type { UseQueryResult } from "@tanstack/react-query";

/**
 * The data of several queries and whether any is still fetching for the first time (a `combine`
 * for useQueries). TanStack shares the result structurally, so its `data` array keeps its identity
 * while nothing changed: a stable, fixed-length dependency however many queries there are.
 */
export function dataAndLoading<T>(results: UseQueryResult<T>[]): { data: (T | undefined)[]; loading: boolean } {
  return { data: results.map((q) => q.data), loading: results.some((q) => q.isPending && q.fetchStatus === "fetching") };
}
