import { MAX_SUITE_FILE_BYTES, MAX_SUITE_FILE_DEPTH } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { evalsetSuite } from "@/lib/protocols/adk/evalset";
import { getAgents } from "@/lib/server/adk/agents";
import { handle, readText } from "@/lib/server/http";
import { maskSuite } from "@/lib/server/testing/mask";
import { getTesting } from "@/lib/server/testing/service";
import { nestedDeeperThan } from "@/lib/values";
import { evalsetQuery } from "./schema";

export const dynamic = "force-dynamic";

/**
 * Imports an ADK `.evalset.json` / legacy `.test.json` (the body) as a suite run against this agent
 * server (201 Suite). `?app=` the app for cases that name none, `?name=` the file's name, and ADK's
 * criteria `?tool_trajectory_avg_score=` / `?response_match_score=`. A bad file names the bad field.
 */
export function POST(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const { id } = await ctx.params;
    getAgents().get(id);
    const q = evalsetQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success) throw new AppError("bad_request:evalset", q.error.issues[0]?.message ?? "bad query");
    const text = await readText(req, MAX_SUITE_FILE_BYTES);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new AppError("bad_request:evalset", `${q.data.name} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (nestedDeeperThan(json, MAX_SUITE_FILE_DEPTH)) {
      throw new AppError("bad_request:evalset", `${q.data.name} nests deeper than ${MAX_SUITE_FILE_DEPTH} levels`);
    }
    const { name, app, ...criteria } = q.data;
    const parsed = evalsetSuite(json, { target: { kind: "saved", id }, fileName: name, ...(app ? { appName: app } : {}), criteria });
    if (!parsed.ok) throw new AppError("bad_request:evalset", `${name}: ${parsed.path}: ${parsed.message}`, { path: parsed.path });
    return Response.json(maskSuite(getTesting().importSuite(parsed.suite)), { status: 201 });
  });
}
