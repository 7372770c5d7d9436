import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { BundleUnitRef, ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";

/**
 * Bundles in the browser (issue 12). Routes:
 *   POST   /api/bundles/export   BundleUnitRef → the bundle file (JSON, Content-Disposition attachment)
 *   POST   /api/bundles/import   the file's text (a Loupe bundle or a known foreign format; ?name=<file name>)
 *                                → 201 ImportedBundleSummary | 400 { error: { code: "bad_request:bundle", message, details: { issues: BundleIssue[] } } }
 *   GET    /api/bundles          ImportedBundleSummary[] newest first
 *   GET    /api/bundles/:id      ImportedBundle
 *   DELETE /api/bundles/:id      204
 */
export const bundleKeys = {
  all: ["bundles"] as const,
  list: () => [...bundleKeys.all, "list"] as const,
  one: (id: string) => [...bundleKeys.all, "one", id] as const,
};

export const bundleListQuery = () =>
  queryOptions({ queryKey: bundleKeys.list(), queryFn: () => apiFetch<ImportedBundleSummary[]>("/api/bundles") });

export const bundleQuery = (id: string) =>
  queryOptions({
    queryKey: bundleKeys.one(id),
    queryFn: () => apiFetch<ImportedBundle>(`/api/bundles/${encodeURIComponent(id)}`),
    // An imported bundle never changes.
    staleTime: Infinity,
  });

/** Asks the server for the bundle of one unit and returns its text and title (the caller saves it). */
export async function fetchBundle(ref: BundleUnitRef): Promise<{ text: string; title: string }> {
  const bundle = await apiFetch<{ title: string }>("/api/bundles/export", { method: "POST", body: ref });
  return { text: JSON.stringify(bundle, null, 2), title: bundle.title };
}
