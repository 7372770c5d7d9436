import { z } from "zod";
import { assertionSchema, caseBodySchema, caseOutcomeSchema, caseSourceSchema, suiteBodySchema } from "@/lib/contracts/testing";
import { parseBodyText, parseWith, readText } from "@/lib/server/http";

/** Bodies of the tests routes (app/api/tests/…), each refused with its own code (`bad_request:test_case`…). */

/** POST /api/tests/cases with `{ from }`: save a case from something recorded (else the body is a whole case). */
export const CaseFromBody = z.object({ from: caseSourceSchema });
export const PreviewBody = z.object({ assertions: z.array(assertionSchema).max(100), recorded: caseOutcomeSchema });
export { caseBodySchema as CaseBody, suiteBodySchema as SuiteBody };

/** A body with `from` is a source, any other a whole case: each refused with its own field's path. */
export async function readCaseBody(req: Request): Promise<{ from: z.infer<typeof caseSourceSchema> } | z.infer<typeof caseBodySchema>> {
  const json = parseBodyText(await readText(req), z.unknown());
  const isSource = typeof json === "object" && json !== null && "from" in json;
  return isSource ? parseWith(CaseFromBody, json, "test_case") : parseWith(caseBodySchema, json, "test_case");
}

/** The body as JSON (size and depth checked as every route's), then the schema, refused as `bad_request:<surface>`. */
export async function readAs<S extends z.ZodType>(req: Request, schema: S, surface: string): Promise<z.infer<S>> {
  return parseWith(schema, parseBodyText(await readText(req), z.unknown()), surface);
}
