import { AppMessagesBody } from "@/lib/contracts/app-messages";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { recordAppMessages } from "@/lib/server/mcp/apps/app-messages";

export const dynamic = "force-dynamic";

/** The page's MCP app host records what it exchanged with an app (`app_message` entries). */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const conn = getRegistry().connection(id);
    const body = await readBody(req, AppMessagesBody);
    return Response.json(recordAppMessages(conn, body));
  });
}
