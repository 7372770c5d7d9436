import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ExportShape, ImportPreview, ImportResult } from "@/lib/contracts/mcp-config";

/**
 * MCP client config files (issue 22):
 *   POST /api/connections/import/preview  { text, fileName? } → ImportPreview (adds nothing)
 *   POST /api/connections/import          { text, fileName?, names } → ImportResult
 *   GET  /api/connections/export?shape=&secrets=1 → the file (JSON)
 */
export const configFileKeys = {
  export: (shape: ExportShape, secrets: boolean) => ["connections", "export", shape, secrets] as const,
};

export const configFileApi = {
  preview: (text: string, fileName?: string) =>
    apiFetch<ImportPreview>("/api/connections/import/preview", { method: "POST", body: { text, fileName } }),
  import: (text: string, names: string[], fileName?: string) =>
    apiFetch<ImportResult>("/api/connections/import", { method: "POST", body: { text, names, fileName } }),
};

/** The saved servers as `shape`'s file, pretty-printed as it is downloaded. Never cached across opens: secrets may change. */
export function configExportQuery(shape: ExportShape, secrets: boolean) {
  return queryOptions({
    queryKey: configFileKeys.export(shape, secrets),
    queryFn: async ({ signal }) => {
      const file = await apiFetch<unknown>(`/api/connections/export?shape=${shape}${secrets ? "&secrets=1" : ""}`, { signal });
      return JSON.stringify(file, null, 2) + "\n";
    },
    gcTime: 0,
    staleTime: 0,
  });
}
