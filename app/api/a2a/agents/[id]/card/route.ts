import { getA2a } from "@/lib/server/a2a";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Fetches the card again: 502 upstream:a2a_unreachable / upstream:a2a_card, 404 not_found:a2a_card on failure. */
export function POST(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(await getA2a().refreshCard((await ctx.params).id)));
}
