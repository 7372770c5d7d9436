import { z } from "zod";
import { EXPORT_FILE_NAMES, EXPORT_SHAPES } from "@/lib/mcp-config/write";
import type { ConfigEntry, ConfigShape } from "@/lib/mcp-config/types";
import { MAX_CONFIG_BYTES } from "@/lib/mcp-config/types";

/**
 * Import and export of MCP client config files (issue 22): the bodies of
 * POST /api/connections/import/preview, POST /api/connections/import and the query of
 * GET /api/connections/export.
 */

export { EXPORT_FILE_NAMES, EXPORT_SHAPES, MAX_CONFIG_BYTES };
export type { ExportShape } from "@/lib/mcp-config/write";

/** POST …/import/preview: the pasted text or a file's content, and the file's name when there is one. */
export const ImportPreviewBody = z.object({
  /** Capped at MAX_CONFIG_BYTES by the route (a 413 of its own, not a validation error). */
  text: z.string(),
  fileName: z.string().max(1000).optional(),
});
export type ImportPreviewBody = z.infer<typeof ImportPreviewBody>;

/** POST …/import: the same text, and the names of the entries the user picked. */
export const ImportBody = ImportPreviewBody.extend({
  names: z.array(z.string().max(1000)).min(1).max(500),
});
export type ImportBody = z.infer<typeof ImportBody>;

export const ExportQuery = z.object({
  shape: z.enum(EXPORT_SHAPES).default("mcpServers"),
  secrets: z.enum(["0", "1"]).default("0"),
});

/** One entry of the file as the preview shows it (env and header values masked, like every connection view). */
export interface ImportPreviewEntry extends ConfigEntry {
  /** A saved server launched the same way (same command + args + cwd, or URL): importing it would add nothing. */
  duplicateOf: { id: string; name: string } | null;
}

export interface ImportPreview {
  shape: ConfigShape;
  entries: ImportPreviewEntry[];
}

export interface ImportResult {
  added: { id: string; name: string }[];
  skipped: { name: string; reason: string }[];
}
