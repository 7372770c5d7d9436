import { AGUI_ENTRY_KIND_NAMES } from "@/lib/contracts/agui";
import { getAgui } from "@/lib/server/agui";
import { handle } from "@/lib/server/http";
import { previewEntry } from "@/lib/server/preview";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string; threadId: string }> };

/** Upper bound of one thread's entries sent at once (a 10,000-event run fits several times). */
const MAX_ENTRIES = 100_000;

/** The thread's entries (inputs, events, runs, requests), ascending, raws over 64 KB previewed: the run timeline. */
export function GET(_req: Request, ctx: Ctx): Promise<Response> {
  return handle(async () => {
    const { id, threadId } = await ctx.params;
    const agui = getAgui();
    agui.thread(id, threadId); // 404 for an unknown agent or thread
    const entries = agui.hub.store
      .connectionEntriesOfKinds(id, AGUI_ENTRY_KIND_NAMES, undefined, MAX_ENTRIES)
      .filter((e) => e.sessionKey === threadId)
      .map(previewEntry);
    return Response.json(entries);
  });
}
