import { StartConformanceBody } from "@/lib/contracts/conformance";
import { assertStreamableHttp, getConformanceRunner } from "@/lib/server/mcp/conformance/runner";
import { scenarioList } from "@/lib/server/mcp/conformance/suite";
import { handle, readBody } from "@/lib/server/http";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getStore } from "@/lib/server/store";
import { readOAuth } from "@/lib/server/mcp/oauth/oauth-store";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** The run going now (with its progress) and the kept runs, newest first (ConformanceState). */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getRegistry().view(id); // 404 for an unknown connection
    return Response.json(getConformanceRunner().state(id));
  });
}

/**
 * Starts the suite's server scenarios against the connection's URL: 202 with the run. 409
 * conflict:conformance_not_http on stdio / legacy SSE, conflict:conformance_running when one is going,
 * 400 bad_request:conformance_scenario for a scenario the revision does not have.
 */
export function POST(req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    const body = await readBody(req, StartConformanceBody);
    const { config } = getRegistry().connection(id);
    assertStreamableHttp(config);
    const list = await scenarioList(body.revision);
    const hasOAuthToken = Boolean(readOAuth(getStore(), id).tokens);
    return Response.json(getConformanceRunner().start(config, body, list, hasOAuthToken), { status: 202 });
  });
}
