import { handle } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { PreviewBody, readAs } from "../schema";

export const dynamic = "force-dynamic";

/** The assertion editor's preview `{ assertions, recorded }`: each assertion's result against the recording. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const body = await readAs(req, PreviewBody, "test_preview");
    return Response.json(await getTesting().preview(body.assertions, body.recorded));
  });
}
