import { AggregateTapInput } from "@/lib/contracts/taps";
import { handle, readBody } from "@/lib/server/http";
import { getTaps } from "@/lib/server/mcp/tap/store";

export const dynamic = "force-dynamic";

/** Every tap, connection and aggregate, without keys (TapView[]). */
export function GET(): Promise<Response> {
  return handle(() => {
    const taps = getTaps();
    return Response.json(taps.list().map((t) => taps.view(t)));
  });
}

/** A new aggregate tap over several connections (`agg_…`, names namespaced): 201 TapSecret. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, AggregateTapInput);
    return Response.json(getTaps().createAggregate(input), { status: 201 });
  });
}
