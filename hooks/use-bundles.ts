"use client";

import { useMemo } from "react";
import { useInfiniteQuery, useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { joinBundlePages } from "@/lib/bundle-pages";
import type { ImportedBundle, ImportedBundleSummary } from "@/lib/contracts/bundle";
import { AppError } from "@/lib/errors";
import { apiFetch } from "@/lib/api-client";
import { bundleKeys, bundlePagesQuery } from "@/lib/queries/bundles";

/** Shared by every import control, so the bundles pane shows the last import's failure whichever control started it. */
const IMPORT_KEY = [...bundleKeys.all, "import"] as const;

export interface BundleImportInput {
  text: string;
  /** The file's name (shown in the bundle's header); none for pasted JSON. */
  name?: string;
}

/** Imports a file's text; a refusal is an AppError `bad_request:bundle` with `details.issues`, and nothing was stored. */
export function useImportBundle() {
  const qc = useQueryClient();
  return useMutation<ImportedBundleSummary, AppError, BundleImportInput>({
    mutationKey: IMPORT_KEY,
    mutationFn: ({ text, name }) =>
      apiFetch<ImportedBundleSummary>(`/api/bundles/import${name ? `?name=${encodeURIComponent(name)}` : ""}`, {
        method: "POST",
        body: text,
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bundleKeys.list() }),
  });
}

/** The most recent import's error, from any import control; null once one succeeds or while one runs. */
export function useLastImportError(): AppError | null {
  const states = useMutationState({
    filters: { mutationKey: IMPORT_KEY },
    select: (m) => ({ status: m.state.status, error: m.state.error }),
  });
  const last = states[states.length - 1];
  return last?.status === "error" && last.error instanceof AppError ? last.error : null;
}

export function useDeleteBundle() {
  const qc = useQueryClient();
  return useMutation<void, AppError, string>({
    mutationFn: (id) => apiFetch<void>(`/api/bundles/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_v, id) => {
      qc.setQueryData<ImportedBundleSummary[]>(bundleKeys.list(), (l) => l?.filter((b) => b.id !== id));
      qc.removeQueries({ queryKey: bundleKeys.one(id) });
    },
  });
}

/** Reads a dropped or picked file as text; what import sends. */
export async function fileInput(file: File): Promise<BundleImportInput> {
  return { text: await file.text(), name: file.name };
}

/**
 * An open imported bundle, as far as it has been read (issue 23): the first page at once, each
 * further page when `loadMore` is called, never the whole file.
 */
export function useOpenBundle(id: string) {
  const query = useInfiniteQuery(bundlePagesQuery(id));
  const pages = query.data?.pages;
  const imported = useMemo((): ImportedBundle | null => {
    const [first, ...rest] = pages ?? [];
    if (!first || !("first" in first)) return null;
    return joinBundlePages(
      first.first,
      rest.flatMap((p) => ("more" in p ? [p.more] : [])),
    );
  }, [pages]);
  return {
    query,
    imported,
    loadMore: () => void query.fetchNextPage(),
  };
}
