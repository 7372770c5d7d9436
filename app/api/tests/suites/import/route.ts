import { MAX_SUITE_FILE_BYTES, parseSuiteFile, suiteFileErrorText } from "@/lib/contracts/testing";
import { AppError } from "@/lib/errors";
import { handle, readText } from "@/lib/server/http";
import { getTesting } from "@/lib/server/testing/service";
import { maskSuite } from "@/lib/server/testing/mask";

export const dynamic = "force-dynamic";

/** Imports a suite file (the body): a new suite with new cases, 201 Suite; a bad file names the bad field's path. */
export function POST(req: Request): Promise<Response> {
  return handle(async () => {
    const parsed = parseSuiteFile(await readText(req, MAX_SUITE_FILE_BYTES));
    if (!parsed.ok) throw new AppError("bad_request:suite_file", suiteFileErrorText(parsed.error), parsed.error);
    return Response.json(maskSuite(getTesting().importSuite(parsed.suite)), { status: 201 });
  });
}
