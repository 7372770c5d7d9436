import { AguiAgentInput } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import { handle, readBody } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getAgui().list()));
}

/** Saves the agent (AG-UI has no discovery call: its state shows after the first run). */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, AguiAgentInput);
    return Response.json(getAgui().create(input), { status: 201 });
  });
}
