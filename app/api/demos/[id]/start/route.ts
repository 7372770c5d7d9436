import { handle } from "@/lib/server/http";
import { startDemoOffer } from "@/lib/server/demo-offers";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Starts a demo that waits to be asked (DemoPeer.onRequest): answers its offer at once, "starting". 404 `not_found:demo`. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(startDemoOffer((await ctx.params).id), { status: 202 }));
}
