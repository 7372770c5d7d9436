import { handle } from "@/lib/server/http";
import { appsSandboxInfo } from "@/lib/server/mcp/apps/apps-sandbox";

export const dynamic = "force-dynamic";

/** Where the page embeds MCP apps from: `{ origin, port }`, or `{ error }` when apps are off. */
export function GET(): Promise<Response> {
  return handle(async () => Response.json(await appsSandboxInfo()));
}
