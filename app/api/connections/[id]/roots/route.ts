import { z } from "zod";
import { RootEntry } from "@/lib/contracts/connections";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getClientRequests, saveRoots } from "@/lib/server/mcp/requests";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

const rootsBody = z.object({ roots: z.array(RootEntry).max(500) });

/** The roots Loupe answers to roots/list, and how often this server asked for them (this process). */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const view = getRegistry().view(id);
    return Response.json({ roots: view.roots ?? [], requests: getClientRequests().rootsRequests(id) });
  });
}

/** Saves the roots without reconnecting; a connected server gets notifications/roots/list_changed. Returns the ConnectionView. */
export function PUT(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const { roots } = await readBody(req, rootsBody);
    const registry = getRegistry();
    return Response.json(await saveRoots(registry.connection(id), registry.table, roots));
  });
}
