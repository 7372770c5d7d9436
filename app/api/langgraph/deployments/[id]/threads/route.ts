import { LgThreadCreateBody } from "@/lib/contracts/langgraph";
import { handle, parseWith, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";
import { lgThreadsQuery, searchParams } from "../../../schema";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The server's threads (threads/search), filtered by status and by text in the id or metadata, with Loupe's run counts. */
export function GET(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const query = parseWith(lgThreadsQuery, searchParams(req), "query");
    return Response.json(await getLangGraph().threads.list(id, query));
  });
}

export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, LgThreadCreateBody);
    return Response.json(await getLangGraph().threads.create(id, body), { status: 201 });
  });
}
