import { z } from "zod";
import { PlaygroundProvider } from "@/lib/contracts/playground";

/**
 * What a case checks in an outcome (issue 24): a discriminated union on `type`, evaluated by the
 * pure engine in lib/testing/assertions/. Paths are a JSONPath subset (`$`, `.name`, `[0]`, `[*]`,
 * `.*`, `..name`) over the outcome (`$.result…`, `$.finalResponse`, `$.toolCalls[0].args`); where an
 * assertion takes `path`, it defaults to `$.result`.
 */

const jsonPath = z.string().min(1).max(500).regex(/^\$/, "a path starts with $ (e.g. $.result.content[0].text)");
const MAX_TEXT = 100_000;

/** Deep equality with the expected value, ignoring the listed paths (ids, timestamps). */
const structural = z.object({
  type: z.literal("structural"),
  path: jsonPath.optional(),
  /** Absent: the recorded outcome's value at `path` (the case's own recording is the expectation). */
  expected: z.unknown().optional(),
  /** Paths relative to the compared value (`$.content[*].id`, `$..timestamp`). */
  ignorePaths: z.array(jsonPath).max(100).default([]),
});

/** The value at `path` is valid against a JSON Schema (draft 2020-12 / 07, as Ajv reads it). */
const jsonSchema = z.object({
  type: z.literal("json_schema"),
  path: jsonPath.optional(),
  schema: z.union([z.record(z.string(), z.unknown()), z.boolean()]),
});

/** The value at `path`, as text (JSON when not a string), contains `text`. */
const contains = z.object({
  type: z.literal("contains"),
  path: jsonPath.optional(),
  text: z.string().min(1).max(MAX_TEXT),
  caseSensitive: z.boolean().default(true),
  /** True: passes when the text is NOT there. */
  negate: z.boolean().default(false),
});

/** The value at `path`, as text, matches the regular expression. */
const regex = z.object({
  type: z.literal("regex"),
  path: jsonPath.optional(),
  pattern: z.string().min(1).max(10_000),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/, "flags are among d g i m s u v y")
    .max(8)
    .default(""),
  negate: z.boolean().default(false),
});

/** The outcome's `isError` is `expected` (a tool error, an agent run that ended in error). */
const isError = z.object({ type: z.literal("is_error"), expected: z.boolean().default(false) });

/** The outcome's latency is at most `maxMs`. */
const latency = z.object({ type: z.literal("latency"), maxMs: z.number().positive().max(86_400_000) });

/** How a trajectory's arguments are compared: equal, the expected ones a subset, or not at all. */
export const ARG_MATCHES = ["exact", "subset", "ignore"] as const;
/** Trajectory modes, as ADK's tool_trajectory_avg_score (EXACT, IN_ORDER, ANY_ORDER). */
export const TRAJECTORY_MODES = ["exact", "in_order", "any_order"] as const;

/** The tools called, compared with the expected list (absent: the recorded trajectory). */
const trajectory = z.object({
  type: z.literal("trajectory"),
  mode: z.enum(TRAJECTORY_MODES).default("exact"),
  args: z.enum(ARG_MATCHES).default("exact"),
  expected: z
    .array(z.object({ name: z.string().min(1), args: z.unknown().optional() }))
    .max(1000)
    .optional(),
});

/** Final response modes: exact text, contains, or ROUGE-1 F ≥ threshold (ADK's response_match_score). */
export const RESPONSE_MODES = ["exact", "contains", "rouge1"] as const;

/** The agent's final response (`$.finalResponse`) compared with `expected` (absent: the recorded one). */
const finalResponse = z.object({
  type: z.literal("final_response"),
  mode: z.enum(RESPONSE_MODES).default("rouge1"),
  expected: z.string().max(MAX_TEXT).optional(),
  /** For rouge1: the lowest passing F-measure (ADK's default criterion is 0.8). */
  threshold: z.number().min(0).max(1).default(0.8),
});

/**
 * A model grades the outcome against `criteria` through a playground provider; "skipped (no key)"
 * when the provider has none. The scripted provider answers offline (tests, demos).
 */
const llmJudge = z.object({
  type: z.literal("llm_judge"),
  provider: PlaygroundProvider,
  model: z.string().min(1).max(200),
  criteria: z.string().min(1).max(MAX_TEXT),
  path: jsonPath.optional(),
  /** The lowest passing score the judge may give, 0–1. */
  threshold: z.number().min(0).max(1).default(0.5),
});

export const assertionSchema = z.discriminatedUnion("type", [
  structural,
  jsonSchema,
  contains,
  regex,
  isError,
  latency,
  trajectory,
  finalResponse,
  llmJudge,
]);
export type Assertion = z.infer<typeof assertionSchema>;
export type AssertionInput = z.input<typeof assertionSchema>;
export type AssertionType = Assertion["type"];
export type AssertionOf<T extends AssertionType> = Extract<Assertion, { type: T }>;

/** Labels for each assertion type: a Record, so a new type without a label does not compile. */
export const ASSERTION_LABEL: Record<AssertionType, string> = {
  structural: "Structural match",
  json_schema: "JSON Schema",
  contains: "Contains",
  regex: "Regex",
  is_error: "isError",
  latency: "Latency budget",
  trajectory: "Tool trajectory",
  final_response: "Final response",
  llm_judge: "LLM judge",
};

/** pass / fail; error: the assertion itself could not run (a bad schema); skipped: not run (no key). */
export const ASSERTION_STATUSES = ["pass", "fail", "error", "skipped"] as const;
export type AssertionStatus = (typeof ASSERTION_STATUSES)[number];

/** One assertion's verdict, with why in words and what was compared. */
export const assertionResultSchema = z.object({
  index: z.number().int().nonnegative(),
  type: z.string(),
  status: z.enum(ASSERTION_STATUSES),
  /** Why, in words ("$.result.content[0].text: expected "hi", got "ho""). */
  reason: z.string(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  /** A score where the assertion has one (ROUGE-1 F, trajectory match, judge score), 0–1. */
  score: z.number().optional(),
});
export type AssertionResult = z.infer<typeof assertionResultSchema>;
