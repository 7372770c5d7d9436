import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskCase } from "@/lib/server/testing/mask";
import { readCaseBody } from "../schema";

export const dynamic = "force-dynamic";

/** Every saved test case, newest first. */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getTesting().store.listCases().map(maskCase)));
}

/** A new case: given whole, or `{ from: { protocol, from, ref } }` saved by the protocol's driver. 201 TestCase. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readCaseBody(req);
    const testing = getTesting();
    const created = "from" in body ? await testing.caseFrom(body.from) : testing.store.createCase(body);
    return Response.json(maskCase(created), { status: 201 });
  });
}
