import { getRegistry } from "@/lib/server/mcp/registry";
import { handle, readBody } from "@/lib/server/http";
import { getTaps } from "@/lib/server/mcp/tap/store";
import { createConnectionBody } from "./schema";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => {
    // Each tapped connection carries its tap (issue 10) without the key.
    const taps = getTaps();
    const byId = new Map(
      taps
        .list()
        .filter((t) => t.kind === "connection")
        .map((t) => [t.id, taps.view(t)]),
    );
    return Response.json(
      getRegistry()
        .list()
        .map((c) => (byId.has(c.id) ? { ...c, tap: byId.get(c.id) } : c)),
    );
  });
}

export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, createConnectionBody);
    const view = await getRegistry().create(input);
    return Response.json(view, { status: 201 });
  });
}
