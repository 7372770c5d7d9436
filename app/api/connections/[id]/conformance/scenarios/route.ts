import { ScenariosQuery } from "@/lib/contracts/conformance";
import { scenarioList } from "@/lib/server/mcp/conformance/suite";
import { handle, readQuery } from "@/lib/server/http";
import { getRegistry } from "@/lib/server/mcp/registry";

export const dynamic = "force-dynamic";

/** The server scenarios of ?revision= as the installed suite lists them (ConformanceScenarioList). */
export function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getRegistry().view(id);
    const { revision } = readQuery(req, ScenariosQuery);
    return Response.json(await scenarioList(revision));
  });
}
