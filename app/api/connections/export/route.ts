import { EXPORT_FILE_NAMES, ExportQuery } from "@/lib/contracts/mcp-config";
import { exportConfig } from "@/lib/server/mcp/config-import";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, parseWith } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** ?shape=mcpServers|vscode|inspector[&secrets=1] → the saved MCP servers as that client's config file, offered as a download. */
export function GET(req: Request): Promise<Response> {
  return handle(() => {
    const query = parseWith(ExportQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
    const file = exportConfig(query.shape, query.secrets === "1", getRegistry());
    return new Response(JSON.stringify(file, null, 2) + "\n", {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${EXPORT_FILE_NAMES[query.shape]}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
