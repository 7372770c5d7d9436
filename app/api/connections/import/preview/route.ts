import { ImportPreviewBody } from "@/lib/contracts/mcp-config";
import { previewImport } from "@/lib/server/mcp/config-import";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { readImportBody } from "../schema";

export const dynamic = "force-dynamic";

/** { text, fileName? } → ImportPreview: every entry of the config, what it would add, why not, and its duplicate. Adds nothing. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readImportBody(req, ImportPreviewBody);
    return Response.json(previewImport(body.text, getRegistry()));
  });
}
