import { TapSettings, type ConnectionTap } from "@/lib/contracts/taps";
import { handle, readBody } from "@/lib/server/http";
import { getRegistry } from "@/lib/server/mcp/registry";
import { claimTap } from "@/lib/server/mcp/tap/leased";
import { closeTapHost } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Turns the connection's tap on (or returns it; `rotate: true` issues a new key): TapSecret. */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const settings = await readBody(req, TapSettings);
    const secret = getTaps().tapConnection(id, settings);
    await claimTap(secret.tap.id, id);
    // The old key stops at once: the sessions it opened (their streams, their waiting calls) end too.
    if (settings.rotate) await closeTapHost(id);
    return Response.json(secret);
  });
}

/**
 * The tap with its key (TapSecret), or `{ tap: null }` when the connection is not tapped: a 200, as a
 * tap that is off is no error (ConnectionTap); 404 not_found:connection when there is no such connection.
 */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getRegistry().view(id);
    const tap = getTaps().forConnection(id);
    const body: ConnectionTap = tap ? getTaps().secret(tap) : { tap: null };
    return Response.json(body);
  });
}

/** Turns the tap off: its key stops working at once, and the sessions it opened end. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getRegistry().view(id);
    getTaps().delete(id);
    await closeTapHost(id);
    return new Response(null, { status: 204 });
  });
}
