import { GetPromptBody } from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getPrompt } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

/** prompts/get `{ name, arguments }` → the messages, as the server sent them. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, GetPromptBody);
    return Response.json(await getPrompt(getRegistry().connection(id), body));
  });
}
