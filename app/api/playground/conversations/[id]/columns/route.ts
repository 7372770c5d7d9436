import { ColumnInput } from "@/lib/contracts/playground";
import { handle, readBody } from "@/lib/server/http";
import { getPlayground } from "@/lib/server/playground";

export const dynamic = "force-dynamic";

/** 201 PlaygroundColumn; with `replay` (default) the user messages so far run on it in the background. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const input = await readBody(req, ColumnInput);
    return Response.json(getPlayground().addColumn(id, input), { status: 201 });
  });
}
