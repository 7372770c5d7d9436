import { z } from "zod";
import { caseBodySchema, caseTargetSchema } from "@/lib/contracts/testing/case";
import { MAX_REPETITIONS, MAX_SUITE_CASES } from "@/lib/contracts/testing/runs";
import { nestedDeeperThan } from "@/lib/values";

/**
 * The suite file (issue 24): a suite and its cases as one versioned JSON file that lives in the
 * user's repository (`*.loupe-suite.json`), run by `loupe-inspector test` and imported / exported
 * by the Tests view. `version` grows only with a change an older Loupe cannot read.
 */

export const SUITE_FILE_FORMAT = "loupe-suite";
export const SUITE_FILE_VERSION = 1;
export const SUITE_FILE_SUFFIX = ".loupe-suite.json";
/** The largest suite file read (a bounded resource): 32 MiB. */
export const MAX_SUITE_FILE_BYTES = 32 * 1024 * 1024;

export const suiteFileSchema = z.object({
  format: z.literal(SUITE_FILE_FORMAT),
  version: z.literal(SUITE_FILE_VERSION),
  name: z.string().min(1).max(300),
  /** The target every case runs against unless the command line names another (absent: each case's own). */
  target: caseTargetSchema.optional(),
  repetitions: z.number().int().min(1).max(MAX_REPETITIONS).default(1),
  concurrency: z.number().int().min(1).max(16).default(4),
  timeoutMs: z.number().int().min(100).max(3_600_000).default(60_000),
  cases: z.array(caseBodySchema).min(1).max(MAX_SUITE_CASES),
});
export type SuiteFile = z.infer<typeof suiteFileSchema>;
export type SuiteFileInput = z.input<typeof suiteFileSchema>;

/** Why a suite file was refused: `path` names the bad field (`cases[2].assertions[0].threshold`). */
export interface SuiteFileError {
  path: string;
  message: string;
}

export type SuiteFileParse = { ok: true; suite: SuiteFile } | { ok: false; error: SuiteFileError };

/** `cases[2].assertions[0]` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || "(the file)";
}

/** Parses a suite file's text; a refusal names the bad field's path, or the line and column of bad JSON. */
/** How deep a suite file may nest (as a request body may: storing a deeper case overflows JSON.stringify). */
export const MAX_SUITE_FILE_DEPTH = 512;

export function parseSuiteFile(text: string): SuiteFileParse {
  if (text.length > MAX_SUITE_FILE_BYTES) {
    return { ok: false, error: { path: "(the file)", message: `is over the ${MAX_SUITE_FILE_BYTES / 1024 / 1024} MiB limit` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { path: "(the file)", message: `is not JSON: ${e instanceof Error ? e.message : String(e)}` } };
  }
  if (nestedDeeperThan(json, MAX_SUITE_FILE_DEPTH)) {
    return { ok: false, error: { path: "(the file)", message: `nests deeper than ${MAX_SUITE_FILE_DEPTH} levels` } };
  }
  const parsed = suiteFileSchema.safeParse(json);
  if (parsed.success) return { ok: true, suite: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: { path: fieldPath(issue?.path ?? []), message: issue?.message ?? "is not a suite file" } };
}

/** One line for a terminal or a toast: `cases[2].assertions[0].threshold: Too big: expected number to be <=1`. */
export function suiteFileErrorText(error: SuiteFileError, file?: string): string {
  return `${file ? `${file}: ` : ""}${error.path}: ${error.message}`;
}
