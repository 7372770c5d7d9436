import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { isRecord } from "@/lib/values";

/**
 * The one Ajv engine of Loupe: tool input forms, elicitation, inbox answers, approvals and the
 * structuredContent/outputSchema check all compile through here, so a schema means the same thing
 * everywhere.
 *
 * Dialect rule: a schema that declares no `$schema` is JSON Schema 2020-12 — what MCP assumes
 * (SEP-1613, MCP 2025-11-25: embedded schemas without `$schema` conform to 2020-12).
 * A declared dialect is honoured: 2019-09, and draft-07 for draft-04/06/07 URIs. An unknown URI is
 * validated under the default, with its `$schema` dropped so Ajv does not look up a meta-schema it lacks.
 */
export type Dialect = "2020-12" | "2019-09" | "draft-07";

export const DEFAULT_DIALECT: Dialect = "2020-12";

export interface DialectChoice {
  dialect: Dialect;
  /** The schema declared it (false: absent or unknown, so the default applies). */
  declared: boolean;
  /** The `$schema` URI is one Ajv has no meta-schema for. */
  unknownUri: boolean;
}

export function dialectOf(schema: unknown): DialectChoice {
  const uri = isRecord(schema) && typeof schema.$schema === "string" ? schema.$schema : null;
  if (uri === null) return { dialect: DEFAULT_DIALECT, declared: false, unknownUri: false };
  if (uri.includes("2020-12")) return { dialect: "2020-12", declared: true, unknownUri: false };
  if (uri.includes("2019-09")) return { dialect: "2019-09", declared: true, unknownUri: false };
  if (/draft-0[4-7]/.test(uri)) return { dialect: "draft-07", declared: true, unknownUri: false };
  return { dialect: DEFAULT_DIALECT, declared: false, unknownUri: true };
}

export type AjvEngine = Pick<Ajv, "compile" | "removeSchema">;

const engines = new Map<Dialect, AjvEngine>();

/** What a `pattern` keyword is tested with. */
export interface PatternTest {
  test(text: string): boolean;
  /** Ajv keeps one tester per `toString()`: each pattern's must differ (a RegExp's does). */
  toString(): string;
}
const PATTERN_ENGINE = Symbol.for("loupe.schemaPatternEngine");

/**
 * Makes the `pattern` keyword of every schema compiled from now on test through `engine`. The
 * server installs one with a time limit (`lib/schema/bounded-regex.ts`, loaded by whatever validates
 * on the server): a schema is the user's or a server's, the value too, and a pattern that backtracks
 * catastrophically held Loupe's whole event loop (a test's json_schema assertion, an elicitation
 * answer checked on the server). The browser keeps RegExp.
 */
export function installPatternEngine(engine: (pattern: string, flags: string) => PatternTest): void {
  Reflect.set(globalThis, PATTERN_ENGINE, engine);
}

const isPatternEngine = (value: unknown): value is (pattern: string, flags: string) => PatternTest => typeof value === "function";

/** Ajv's code.regExp: the installed engine, else RegExp. The pattern's syntax is checked when compiled. */
const schemaPattern = Object.assign(
  (pattern: string, flags: string): PatternTest => {
    const regExp = new RegExp(pattern, flags);
    const engine: unknown = Reflect.get(globalThis, PATTERN_ENGINE);
    return isPatternEngine(engine) ? engine(pattern, flags) : regExp;
  },
  { code: "new RegExp" },
);

/**
 * One shared Ajv per dialect. strict:false — real servers emit vendor keywords (enumNames,
 * nullable, x-*, zod extras) that must not break validation; validateSchema:false lets draft-04
 * and odd schemas through; addUsedSchema:false so two tools reusing one `$id` do not collide;
 * allErrors so a form can mark every wrong field at once; formats on.
 */
export function ajvFor(dialect: Dialect): AjvEngine {
  let found = engines.get(dialect);
  if (found === undefined) {
    const options = { strict: false, allErrors: true, validateSchema: false, addUsedSchema: false, code: { regExp: schemaPattern } };
    const ajv = dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
    addFormats(ajv);
    found = ajv;
    engines.set(dialect, found);
  }
  return found;
}

/**
 * Compiles a schema under the dialect rule above. A schema that declares nothing but only
 * compiles as draft-07 (tuple `items: [...]`, which 2020-12 forbids) falls back to draft-07
 * rather than refusing to validate at all; a declared dialect never falls back.
 */
export function compileSchema(schema: object | boolean): ValidateFunction {
  const choice = dialectOf(schema);
  let target = schema;
  if (choice.unknownUri && isRecord(schema)) {
    const { $schema: _unknown, ...rest } = schema;
    target = rest;
  }
  try {
    return ajvFor(choice.dialect).compile(target);
  } catch (error) {
    if (choice.declared) throw error;
    try {
      return ajvFor("draft-07").compile(target);
    } catch {
      throw error;
    }
  }
}
