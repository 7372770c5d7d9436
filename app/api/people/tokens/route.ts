import { newServiceTokenSchema, type CreatedServiceToken } from "@/lib/contracts/people";
import { handle, readBody } from "@/lib/server/http";
import { actorOf, getPeople } from "@/lib/server/people";

export const dynamic = "force-dynamic";

/** The service tokens (ServiceTokenInfo[], never a secret). Admins only: the gate's table says so. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getPeople().listTokens()));
}

/** `{ name, role }` → a new token and its secret, shown this once (201); 409 past the cap. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const { name, role } = await readBody(req, newServiceTokenSchema);
    const created: CreatedServiceToken = getPeople().createToken(name, role, actorOf(req).name);
    return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}
