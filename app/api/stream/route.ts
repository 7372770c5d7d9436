import { getHub } from "@/lib/server/hub";
import { replayFraming } from "@/lib/server/inbox/replay-frames";
import { handle, readQuery } from "@/lib/server/http";
import { entryStream, resumeAfter, SSE_HEADERS } from "@/lib/server/sse";
import { streamQuery } from "./schema";

export const dynamic = "force-dynamic";

/** The one live stream (DESIGN rule 4): every recorded entry, resumable by Last-Event-ID. */
export function GET(req: Request): Promise<Response> {
  return handle(() => {
    const { since, runs } = readQuery(req, streamQuery);
    const hub = getHub();
    // A test replay's requests go out marked: an inbox open in the page leaves them out (issue 24).
    const body = entryStream(hub, resumeAfter(req, since, hub), req.signal, { framing: replayFraming, runs: runs === "1" });
    return new Response(body, { headers: SSE_HEADERS });
  });
}
