/**
 * MCP Apps (SEP-1865) facts about a listed tool, pure so the page and the server agree. The
 * tool's `_meta.ui.resourceUri` names its View; the flat `_meta["ui/resourceUri"]` is the
 * deprecated form the ext-apps SDK still reads (nested wins when both are present).
 */
import { isRecord } from "@/lib/values";

interface ToolLike {
  name: string;
  annotations?: { readOnlyHint?: boolean } | null;
  _meta?: Record<string, unknown> | null;
}

const record = (v: unknown): Record<string, unknown> | undefined => (isRecord(v) ? v : undefined);

/** The tool's `ui://` resource, or null (absent, or not a `ui://` URI: then it is no app). */
export function toolUiResourceUri(tool: ToolLike): string | null {
  const meta = record(tool._meta);
  const nested = record(meta?.ui)?.resourceUri;
  const flat = meta?.["ui/resourceUri"];
  const uri = typeof nested === "string" ? nested : typeof flat === "string" ? flat : null;
  return uri !== null && uri.startsWith("ui://") ? uri : null;
}

/** `_meta.ui.visibility` (default both): an app may call only tools visible to `"app"`. */
export function toolVisibility(tool: ToolLike): ("model" | "app")[] {
  const v = record(record(tool._meta)?.ui)?.visibility;
  if (!Array.isArray(v)) return ["model", "app"];
  return v.filter((x): x is "model" | "app" => x === "model" || x === "app");
}

/** A call an app asks for needs the user's yes unless the tool says it only reads. */
export function needsApproval(tool: ToolLike): boolean {
  return tool.annotations?.readOnlyHint !== true;
}

/** The MIME type of an MCP app resource (`RESOURCE_MIME_TYPE` in ext-apps). */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
