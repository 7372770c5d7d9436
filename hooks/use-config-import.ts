"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { configFileApi } from "@/lib/queries/config-files";
import { connectionKeys } from "@/lib/queries/connections";

/** Preview a pasted config, then import the picked entries; the server list is fetched again after an import. */
export function useConfigImport() {
  const qc = useQueryClient();
  const preview = useMutation({
    mutationFn: ({ text, fileName }: { text: string; fileName?: string }) => configFileApi.preview(text, fileName),
  });
  const run = useMutation({
    mutationFn: ({ text, names, fileName }: { text: string; names: string[]; fileName?: string }) =>
      configFileApi.import(text, names, fileName),
    onSuccess: () => qc.invalidateQueries({ queryKey: connectionKeys.list() }),
  });
  return { preview, run };
}
