import { ImportBody } from "@/lib/contracts/mcp-config";
import { importConfig } from "@/lib/server/mcp/config-import";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle } from "@/lib/server/http";
import { readImportBody } from "./schema";

export const dynamic = "force-dynamic";

/** { text, fileName?, names } → ImportResult: the picked entries that are usable and not saved yet are added and connected. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readImportBody(req, ImportBody);
    return Response.json(await importConfig(body.text, body.names, getRegistry()));
  });
}
