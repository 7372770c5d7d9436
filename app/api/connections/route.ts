import { getRegistry } from "@/lib/server/registry";
import { handle, readBody } from "@/lib/server/http";
import { createConnectionBody } from "./schema";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getRegistry().list()));
}

export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const input = await readBody(req, createConnectionBody);
    const view = await getRegistry().create(input);
    return Response.json(view, { status: 201 });
  });
}
