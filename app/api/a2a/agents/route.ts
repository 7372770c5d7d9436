import { A2aAgentInput } from "@/lib/contracts/a2a";
import { getA2a } from "@/lib/server/a2a";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getA2a().list()));
}

/** Saves the agent and fetches its card at once (a card that cannot be had shows in its state). */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, A2aAgentInput);
    return Response.json(await getA2a().create(input), { status: 201 });
  });
}
