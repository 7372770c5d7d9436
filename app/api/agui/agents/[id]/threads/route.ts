import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => Response.json(getAgui().threads((await ctx.params).id)));
}
