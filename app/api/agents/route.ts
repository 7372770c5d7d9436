import { getAgents } from "@/lib/server/adk/agents";
import { handle, readBody } from "@/lib/server/http";
import { createAgentBody } from "./schema";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getAgents().list()));
}

/** Saves the server and checks `/list-apps` + `/version` at once (a failure shows in its state). */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, createAgentBody);
    return Response.json(await getAgents().create(input), { status: 201 });
  });
}
