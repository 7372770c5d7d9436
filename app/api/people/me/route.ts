import type { Me } from "@/lib/contracts/people";
import { handle } from "@/lib/server/http";
import { actorOf, teamMode } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/** Who this request is (the gate's actor) and whether Loupe runs in team mode: the header's name and what the UI lets them do. */
export function GET(req: Request): Promise<Response> {
  return handle(() => Response.json({ team: teamMode(), actor: actorOf(req) } satisfies Me));
}
