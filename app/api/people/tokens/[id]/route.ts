import { handle } from "@/lib/server/http";
import { getPeople } from "@/lib/server/people";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** Revokes a service token at once (404 `not_found:service_token` for an unknown one). */
export function DELETE(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    getPeople().revokeToken((await ctx.params).id);
    return new Response(null, { status: 204 });
  });
}
