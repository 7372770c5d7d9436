import { CompleteBody } from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { complete } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

/** completion/complete for a prompt argument (ref/prompt) or a template variable (ref/resource). */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, CompleteBody);
    return Response.json(await complete(getRegistry().connection(id), body));
  });
}
