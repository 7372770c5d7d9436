import { LgDeploymentInput } from "@/lib/contracts/langgraph";
import { handle, readBody } from "@/lib/server/http";
import { getLangGraph } from "@/lib/server/langgraph";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getLangGraph().list()));
}

/** Saves the deployment and checks it (GET /info): one that is down is saved, its state says why. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, LgDeploymentInput);
    return Response.json(await getLangGraph().create(input), { status: 201 });
  });
}
