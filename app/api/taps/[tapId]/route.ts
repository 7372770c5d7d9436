import { TapSettings } from "@/lib/contracts/taps";
import { handle, readBody } from "@/lib/server/http";
import { closeTapHost } from "@/lib/server/mcp/tap/serve";
import { getTaps } from "@/lib/server/mcp/tap/store";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ tapId: string }> };

/** One tap with its key (TapSecret); 404 not_found:tap. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { tapId } = await ctx.params;
    const taps = getTaps();
    return Response.json(taps.secret(taps.require(tapId)));
  });
}

/** Changes the policy (or rotates the key: the old key stops at once): TapView. */
export function PATCH(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { tapId } = await ctx.params;
    const settings = await readBody(req, TapSettings);
    const taps = getTaps();
    const view = taps.view(taps.update(tapId, settings));
    // The old key's sessions (their streams, their waiting calls) end with it.
    if (settings.rotate) await closeTapHost(tapId);
    return Response.json(view);
  });
}

/** Turns the tap off (a connection's or an aggregate): its key stops working, its sessions end. */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { tapId } = await ctx.params;
    const taps = getTaps();
    taps.require(tapId);
    taps.delete(tapId);
    await closeTapHost(tapId);
    return new Response(null, { status: 204 });
  });
}
