import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { setLogLevelBody } from "./schema";

export const dynamic = "force-dynamic";

export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const { level } = await readBody(req, setLogLevelBody);
    await getRegistry().setLogLevel(id, level);
    return Response.json({ ok: true });
  });
}
