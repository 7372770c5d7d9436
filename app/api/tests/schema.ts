import { z } from "zod";
import { assertionSchema, caseBodySchema, caseOutcomeSchema, caseSourceSchema, suiteBodySchema } from "@/lib/contracts/testing";
import { parseBodyText, parseWith, readText } from "@/lib/server/http";

/** Bodies of the tests routes (app/api/tests/…), each refused with its own code (`bad_request:test_case`…). */

/** POST /api/tests/cases: a whole case, or `{ from }` to save one from something recorded. */
export const CreateCaseBody = z.union([z.object({ from: caseSourceSchema }), caseBodySchema]);
export const PreviewBody = z.object({ assertions: z.array(assertionSchema).max(100), recorded: caseOutcomeSchema });
export { caseBodySchema as CaseBody, suiteBodySchema as SuiteBody };

/** The body as JSON (size and depth checked as every route's), then the schema, refused as `bad_request:<surface>`. */
export async function readAs<S extends z.ZodType>(req: Request, schema: S, surface: string): Promise<z.infer<S>> {
  return parseWith(schema, parseBodyText(await readText(req), z.unknown()), surface);
}
