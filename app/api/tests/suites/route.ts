import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskSuite } from "@/lib/server/testing/mask";
import { readAs, SuiteBody } from "../schema";

export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return handle(() => Response.json(getTesting().store.listSuites().map(maskSuite)));
}

/** A new suite of saved cases: 201 Suite; an unknown case id is a 400. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readAs(req, SuiteBody, "test_suite");
    return Response.json(maskSuite(getTesting().store.createSuite(body)), { status: 201 });
  });
}
