import { handle, readQuery } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";
import { EntriesQuery } from "../../schema";

export const dynamic = "force-dynamic";

/** The conversation's entries (every column), ascending by seq; raws over 64 KB previewed. */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    return Response.json(getPlayground().entries(id, readQuery(req, EntriesQuery)));
  });
}
