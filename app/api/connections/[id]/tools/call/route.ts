import { getRegistry } from "@/lib/server/mcp/registry";
import { answerJson, handle, parseBodyText, readBody, readNodeText } from "@/lib/server/http";
import { offerFastRoute } from "@/lib/server/fast-routes";
import { callToolBody } from "./schema";

export const dynamic = "force-dynamic";

/** Answers with the final CallRecord; tool errors, RPC errors, timeouts and cancels are values. */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, callToolBody);
    return Response.json(await getRegistry().callTool(id, body));
  });
}

// The hottest route: the launcher calls this directly after Next's first load of the route, on
// the Node request itself (lib/server/fast-routes.ts), with the same parsing and service call.
offerFastRoute("tools/call", (id, req) =>
  answerJson(async () => getRegistry().callTool(id, parseBodyText(await readNodeText(req), callToolBody))),
);
