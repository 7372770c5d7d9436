import { SessionSearchQuery } from "@/lib/contracts/session-search";
import { handle, readQuery } from "@/lib/server/http";
import { getSessionSearch } from "@/lib/server/search";

export const dynamic = "force-dynamic";

/** ADK sessions of every saved agent and app by id, recorded text, name or label; other conversations by id. */
export function GET(req: Request): Promise<Response> {
  return handle(async () => {
    const { q } = readQuery(req, SessionSearchQuery);
    return Response.json(await getSessionSearch().search(q));
  });
}
