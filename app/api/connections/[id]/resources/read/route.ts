import { ReadResourceBody } from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { readResource } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

/** resources/read: the whole ReadResourceResult, with its decoded size and round trip. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const { uri } = await readBody(req, ReadResourceBody);
    return Response.json(await readResource(getRegistry().connection(id), uri));
  });
}
