import { MessageInput } from "@/lib/contracts/playground";
import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";

export const dynamic = "force-dynamic";

/** 202 `{ turn, columnIds }`: the turns run in the background; their entries arrive on the stream. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const input = await readBody(req, MessageInput);
    return Response.json(getPlayground().send(id, input), { status: 202 });
  });
}
