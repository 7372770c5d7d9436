import { AppError } from "@/lib/errors";
import { getHub } from "@/lib/server/hub";
import { handle, parseWith } from "@/lib/server/http";
import { entryParams } from "./schema";

export const dynamic = "force-dynamic";

/** One entry with its whole raw (lists and the stream may carry a preview). */
export function GET(_req: Request, ctx: { params: Promise<{ seq: string }> }): Promise<Response> {
  return handle(async () => {
    const { seq } = parseWith(entryParams, await ctx.params, "params");
    const entry = getHub().get(seq);
    if (!entry) throw new AppError("not_found:entry", `No entry with seq ${seq}`);
    return Response.json(entry);
  });
}
