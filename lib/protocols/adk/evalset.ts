/**
 * ADK's eval files as a Loupe suite (issue 24): an `.evalset.json` (EvalSet: eval_cases, each a
 * conversation of invocations with the user's content, the expected final response and the
 * expected tool uses) or a legacy `.test.json` (a list of turns `{query, expected_tool_use:
 * [{tool_name, tool_input}], reference}`, one case, as AgentEvaluator converts it), in snake_case
 * or camelCase (ADK's pydantic models take both). Each eval case becomes a case of ADK turns run
 * against an agent server's app, scored as ADK scores it: tool_trajectory_avg_score and
 * response_match_score per invocation, averaged, at the config's thresholds (ADK's defaults 1.0
 * and 0.8). Pure: the file's JSON in, a suite file out.
 */
import { z } from "zod";
import type { CaseTarget, SuiteFile } from "@/lib/contracts/testing";
import { fieldPath, MAX_SUITE_CASES, MAX_CASE_STEPS } from "@/lib/contracts/testing";
import { agentCaseBody, type AgentTurn } from "@/lib/suites/agent-turns";

const part = z.object({ text: z.string().optional() }).passthrough();
const content = z.object({ parts: z.array(part).max(1000).default([]), role: z.string().optional() }).passthrough();
const toolUse = z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }).passthrough();

const invocation = z
  .object({
    user_content: content.optional(),
    userContent: content.optional(),
    final_response: content.nullish(),
    finalResponse: content.nullish(),
    intermediate_data: z
      .object({ tool_uses: z.array(toolUse).optional(), toolUses: z.array(toolUse).optional() })
      .passthrough()
      .nullish(),
    intermediateData: z
      .object({ tool_uses: z.array(toolUse).optional(), toolUses: z.array(toolUse).optional() })
      .passthrough()
      .nullish(),
  })
  .passthrough()
  .refine((i) => (i.user_content ?? i.userContent) !== undefined, { message: "an invocation needs user_content" });

const sessionInput = z
  .object({
    app_name: z.string().optional(),
    appName: z.string().optional(),
    user_id: z.string().optional(),
    userId: z.string().optional(),
  })
  .passthrough();

const evalCase = z
  .object({
    eval_id: z.string().optional(),
    evalId: z.string().optional(),
    conversation: z.array(invocation).min(1).max(MAX_CASE_STEPS),
    session_input: sessionInput.nullish(),
    sessionInput: sessionInput.nullish(),
  })
  .passthrough();

const evalSet = z
  .object({
    eval_set_id: z.string().optional(),
    evalSetId: z.string().optional(),
    name: z.string().nullish(),
    eval_cases: z.array(evalCase).max(MAX_SUITE_CASES).optional(),
    evalCases: z.array(evalCase).max(MAX_SUITE_CASES).optional(),
  })
  .passthrough()
  .refine((s) => (s.eval_cases ?? s.evalCases) !== undefined, { message: "an eval set needs eval_cases" });

const legacyTurn = z.object({
  query: z.string(),
  expected_tool_use: z
    .array(z.object({ tool_name: z.string().min(1), tool_input: z.record(z.string(), z.unknown()).default({}) }))
    .default([]),
  reference: z.string().default(""),
});
const legacyFile = z.array(legacyTurn).min(1).max(MAX_CASE_STEPS);

/** ADK's criteria (test_config.json `criteria`), with its defaults. */
export const adkCriteriaSchema = z.object({
  tool_trajectory_avg_score: z.number().min(0).max(1).default(1),
  response_match_score: z.number().min(0).max(1).default(0.8),
});
export type AdkCriteria = z.infer<typeof adkCriteriaSchema>;

export type EvalsetParse = { ok: true; suite: SuiteFile } | { ok: false; path: string; message: string };

interface EvalTurn {
  text: string;
  toolCalls: AgentTurn["toolCalls"];
  response: string;
}

const textOf = (c: z.infer<typeof content> | null | undefined): string => (c?.parts ?? []).map((p) => p.text ?? "").join("");

export interface EvalsetOptions {
  /** The agent server the cases run against. */
  target: CaseTarget;
  /** The app the cases talk to when an eval case names none (session_input.app_name). */
  appName?: string;
  /** The file's name, for the suite's name and the legacy case's name. */
  fileName: string;
  criteria?: Partial<AdkCriteria>;
}

function caseOf(
  name: string,
  appName: string,
  userId: string | undefined,
  turns: readonly EvalTurn[],
  opts: EvalsetOptions,
  criteria: AdkCriteria,
) {
  const body = agentCaseBody({
    name,
    protocol: "adk",
    target: opts.target,
    source: { protocol: "adk", from: "evalset", ref: { file: opts.fileName, evalId: name } },
    turns: turns.map((t) => ({
      input: { appName, ...(userId ? { userId } : {}), parts: [{ text: t.text }] },
      label: `user: ${t.text.slice(0, 120)}`,
      pauses: [],
      toolCalls: t.toolCalls,
      finalResponse: t.response,
    })),
  });
  return {
    ...body,
    assertions: [
      {
        type: "trajectory" as const,
        mode: "exact" as const,
        args: "exact" as const,
        perTurn: true,
        threshold: criteria.tool_trajectory_avg_score,
      },
      { type: "final_response" as const, mode: "rouge1" as const, threshold: criteria.response_match_score, perTurn: true },
    ],
  };
}

/** An eval file's JSON → a suite file; a refusal names the bad field's path in the eval file. */
export function evalsetSuite(json: unknown, opts: EvalsetOptions): EvalsetParse {
  const criteria = adkCriteriaSchema.parse(opts.criteria ?? {});
  const base = opts.fileName.replace(/\.(evalset|test)\.json$|\.json$/, "");
  const suite = (cases: SuiteFile["cases"], name: string): EvalsetParse => ({
    ok: true,
    suite: { format: "loupe-suite", version: 1, name, repetitions: 1, concurrency: 1, timeoutMs: 120_000, cases },
  });
  if (Array.isArray(json)) {
    const legacy = legacyFile.safeParse(json);
    if (!legacy.success) return refusal(legacy.error);
    if (!opts.appName) return { ok: false, path: "(the file)", message: "a legacy .test.json names no app: choose the agent's app" };
    const turns = legacy.data.map((t) => ({
      text: t.query,
      toolCalls: t.expected_tool_use.map((u) => ({ name: u.tool_name, args: u.tool_input })),
      response: t.reference,
    }));
    return suite([caseOf(base, opts.appName, undefined, turns, opts, criteria)], base);
  }
  const set = evalSet.safeParse(json);
  if (!set.success) return refusal(set.error);
  const cases = set.data.eval_cases ?? set.data.evalCases ?? [];
  if (cases.length === 0) return { ok: false, path: "eval_cases", message: "has no eval case" };
  const out: SuiteFile["cases"] = [];
  for (const [i, c] of cases.entries()) {
    const session = c.session_input ?? c.sessionInput;
    const appName = session?.app_name ?? session?.appName ?? opts.appName;
    if (!appName) return { ok: false, path: `eval_cases[${i}].session_input.app_name`, message: "names no app: choose the agent's app" };
    const turns = c.conversation.map((inv) => {
      const data = inv.intermediate_data ?? inv.intermediateData;
      return {
        text: textOf(inv.user_content ?? inv.userContent),
        toolCalls: (data?.tool_uses ?? data?.toolUses ?? []).map((u) => ({ name: u.name, args: u.args })),
        response: textOf(inv.final_response ?? inv.finalResponse),
      };
    });
    out.push(caseOf(c.eval_id ?? c.evalId ?? `case ${i + 1}`, appName, session?.user_id ?? session?.userId, turns, opts, criteria));
  }
  return suite(out, set.data.name ?? set.data.eval_set_id ?? set.data.evalSetId ?? base);
}

function refusal(error: z.ZodError): EvalsetParse {
  const issue = error.issues[0];
  return { ok: false, path: fieldPath(issue?.path ?? []), message: issue?.message ?? "is not an ADK eval file" };
}
