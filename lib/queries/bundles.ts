import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch, apiText } from "@/lib/api-client";
import type { BundlePage, BundleUnitRef, ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";

/**
 * Bundles in the browser (issue 12). Routes:
 *   POST   /api/bundles/export   BundleUnitRef → the bundle file (JSON, Content-Disposition attachment)
 *   POST   /api/bundles/import   the file's text (a Loupe bundle or a known foreign format; ?name=<file name>)
 *                                → 201 ImportedBundleSummary | 400 { error: { code: "bad_request:bundle", message, details: { issues: BundleIssue[] } } }
 *   GET    /api/bundles          ImportedBundleSummary[] newest first
 *   GET    /api/bundles/:id      ImportedBundle (the first page of entries and the cursor of the next)
 *   GET    /api/bundles/:id/entries?cursor=&limit=   BundlePage
 *   GET    /api/bundles/:id/file the file as imported (Download)
 *   DELETE /api/bundles/:id      204
 */
export const bundleKeys = {
  all: ["bundles"] as const,
  list: () => [...bundleKeys.all, "list"] as const,
  one: (id: string) => [...bundleKeys.all, "one", id] as const,
};

export const bundleListQuery = () =>
  queryOptions({ queryKey: bundleKeys.list(), queryFn: () => apiFetch<ImportedBundleSummary[]>("/api/bundles") });

/** One page of an open bundle: the first answer (envelope and first page), or a later page of entries. */
export type BundlePageResult = { first: ImportedBundle } | { more: BundlePage };

const bundlePath = (id: string) => `/api/bundles/${encodeURIComponent(id)}`;

/** An imported bundle read a page at a time (issue 23): the page asks for the next one when the user wants it. */
export const bundlePagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: bundleKeys.one(id),
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<BundlePageResult> =>
      pageParam === null
        ? { first: await apiFetch<ImportedBundle>(bundlePath(id)) }
        : { more: await apiFetch<BundlePage>(`${bundlePath(id)}/entries?cursor=${pageParam}`) },
    getNextPageParam: (last) => ("first" in last ? last.first.nextCursor : last.more.nextCursor),
    // An imported bundle never changes.
    staleTime: Infinity,
  });

/** The imported bundle's file as it was imported, as text (Download: the page never holds it whole). */
export function fetchBundleFile(id: string): Promise<string> {
  return apiText(`${bundlePath(id)}/file`);
}

/** Asks the server for the bundle of one unit and returns its text and title (the caller saves it). */
export async function fetchBundle(ref: BundleUnitRef): Promise<{ text: string; title: string }> {
  const bundle = await apiFetch<{ title: string }>("/api/bundles/export", { method: "POST", body: ref });
  return { text: JSON.stringify(bundle, null, 2), title: bundle.title };
}
