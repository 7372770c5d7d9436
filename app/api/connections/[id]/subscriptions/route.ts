import { SubscriptionBody } from "@/lib/contracts/resources";
import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, parseWith, readBody } from "@/lib/server/http";
import { listSubscriptions, subscribe, unsubscribe } from "@/lib/server/mcp/resources";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The URIs this session is subscribed to (cleared on every reconnect). */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(listSubscriptions(getRegistry().connection(id)));
  });
}

/** resources/subscribe `{ uri }`. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const { uri } = await readBody(req, SubscriptionBody);
    return Response.json(await subscribe(getRegistry().connection(id), uri));
  });
}

/** resources/unsubscribe: `?uri=…` (or a `{ uri }` body). */
export function DELETE(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const fromQuery = new URL(req.url).searchParams.get("uri");
    const { uri } = fromQuery !== null ? parseWith(SubscriptionBody, { uri: fromQuery }, "query") : await readBody(req, SubscriptionBody);
    return Response.json(await unsubscribe(getRegistry().connection(id), uri));
  });
}
