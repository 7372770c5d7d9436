import { z } from "zod";
import { assertionSchema } from "@/lib/contracts/testing/assertions";

/**
 * A test case (issue 24): what was recorded — the inputs, the human's answer at each pause, what
 * came back — kept so it can be replayed tomorrow or in CI. Protocol-neutral: `protocol` names the
 * adapter whose testing driver replays it (lib/server/protocols/types.ts, `testing`), and each step's
 * `input` is that driver's own shape, parsed by the driver.
 */

const MAX_ID = 200;
const MAX_NAME = 300;
/** A case replays at most this many steps and answers this many pauses (a bounded resource). */
export const MAX_CASE_STEPS = 500;
export const MAX_CASE_PAUSES = 200;

/**
 * Which server or agent a case runs against: a saved connection / agent by id, a server named in a
 * config file (`mcpServers`, `--config`), a command line (stdio), or a URL.
 */
export const caseTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("saved"), id: z.string().min(1).max(MAX_ID) }),
  z.object({ kind: z.literal("config"), name: z.string().min(1).max(MAX_NAME), file: z.string().max(4096).optional() }),
  z.object({
    kind: z.literal("command"),
    command: z.string().min(1).max(4096),
    args: z.array(z.string().max(4096)).max(200).default([]),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().max(4096).optional(),
  }),
  z.object({ kind: z.literal("url"), url: z.string().url().max(4096), headers: z.record(z.string(), z.string()).optional() }),
]);
export type CaseTarget = z.infer<typeof caseTargetSchema>;

/**
 * One recorded input, in order: `kind` is the driver's step kind ("tools/call", "resources/read",
 * "prompts/get", a JSON-RPC method of a tapped exchange, "message" for an agent turn…), `input` its
 * parameters as recorded.
 */
export const caseStepSchema = z.object({
  kind: z.string().min(1).max(200),
  input: z.unknown(),
  /** Words for the UI ("call echo", "user: book a flight"). */
  label: z.string().max(MAX_NAME).optional(),
});
export type CaseStep = z.infer<typeof caseStepSchema>;

/**
 * A human answer given at a pause, in the order the pauses came. `kind` is the interrupt kind
 * (DESIGN.md "Interrupts": "confirmation", "input", "credential", "elicitation", "a2a_input"…);
 * `key` what the pause is about when the driver can tell (the tool a confirmation gates): a replay
 * that pauses with another kind or key pauses "somewhere new" and fails the case.
 */
export const pauseAnswerSchema = z.object({
  kind: z.string().min(1).max(100),
  key: z.string().max(MAX_NAME).optional(),
  /** The pause as recorded (the request's payload), shown beside a mismatch. */
  request: z.unknown(),
  /** What the human answered, sent again as it was. */
  answer: z.unknown(),
});
export type PauseAnswer = z.infer<typeof pauseAnswerSchema>;

/** A pause met while replaying (reported by the driver to the runner, kept in the outcome). */
export const pauseMetSchema = z.object({ kind: z.string(), key: z.string().optional(), request: z.unknown() });
export type PauseMet = z.infer<typeof pauseMetSchema>;

/** A tool call the server or agent made (the trajectory), with its arguments. */
export const toolCallSchema = z.object({ name: z.string(), args: z.unknown() });
export type ToolCallMade = z.infer<typeof toolCallSchema>;

/**
 * What came back, recorded or replayed: the value the assertions read. `result` is the protocol's
 * final value (a tools/call result, a resource's contents, an agent's final state); `finalResponse`
 * the last text an agent said; `toolCalls` the trajectory; `error` a failure to run at all (in words).
 */
export const caseOutcomeSchema = z.object({
  result: z.unknown(),
  isError: z.boolean().default(false),
  latencyMs: z.number().nonnegative().default(0),
  toolCalls: z.array(toolCallSchema).default([]),
  finalResponse: z.string().nullable().default(null),
  pauses: z.array(pauseMetSchema).default([]),
  /** Per step, when a case has several (a tapped exchange): each step's result. */
  steps: z.array(z.object({ kind: z.string(), result: z.unknown(), isError: z.boolean(), latencyMs: z.number() })).optional(),
  error: z.string().optional(),
  /** Where its traffic was recorded (Traffic shows it): the connection and the sequence range. */
  traffic: z.object({ connectionId: z.string(), fromSeq: z.number(), toSeq: z.number() }).optional(),
});
export type CaseOutcome = z.infer<typeof caseOutcomeSchema>;

/** What a case can be saved from, as the protocol names it (`from`: "call", "exchange", "session"…). */
export const caseSourceSchema = z.object({
  protocol: z.string().min(1).max(50),
  from: z.string().min(1).max(100),
  /** The recorded thing's ids, in the driver's own shape (a call id; a connection + seq range; a session). */
  ref: z.record(z.string(), z.unknown()),
});
export type CaseSource = z.infer<typeof caseSourceSchema>;

/** A case's fields without its identity: what a driver's `caseFrom` answers and a suite file holds. */
export const caseBodySchema = z.object({
  name: z.string().min(1).max(MAX_NAME),
  protocol: z.string().min(1).max(50),
  target: caseTargetSchema,
  steps: z.array(caseStepSchema).min(1).max(MAX_CASE_STEPS),
  answers: z.array(pauseAnswerSchema).max(MAX_CASE_PAUSES).default([]),
  recorded: caseOutcomeSchema,
  assertions: z.array(assertionSchema).max(100).default([]),
  /** Per-case timeout of one replay, in ms. */
  timeoutMs: z.number().int().min(100).max(3_600_000).optional(),
  source: caseSourceSchema.optional(),
});
export type CaseBody = z.infer<typeof caseBodySchema>;
export type CaseBodyInput = z.input<typeof caseBodySchema>;

export const testCaseSchema = caseBodySchema.extend({
  id: z.string().min(1).max(MAX_ID),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TestCase = z.infer<typeof testCaseSchema>;
