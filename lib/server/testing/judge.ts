import "server-only";
import { generateText } from "ai";
import { ColumnConfig, PlaygroundProvider } from "@/lib/contracts/playground";
import type { Judge, JudgeVerdict } from "@/lib/suites/assertions";
import { createModel, resolveKey } from "@/lib/server/playground/providers";
import { isRecord } from "@/lib/values";

/**
 * The LLM judge (issue 24) through the playground's providers: the model grades a text against
 * the criteria and answers `{"score": 0–1, "reason": "…"}`. A provider without a key is
 * "skipped (no key)", never a failure. The scripted provider judges offline by rule: every
 * "quoted" phrase of the criteria must be in the text (score 1), else 0 — scriptable in tests.
 */

const SYSTEM = [
  "You grade the output of a program against criteria.",
  'Answer with one JSON object and nothing else: {"score": <a number from 0 to 1>, "reason": "<one sentence>"}.',
].join(" ");

/** The most text sent to a judge (a bounded request). */
const MAX_JUDGED_CHARS = 50_000;

function scripted(criteria: string, text: string): JudgeVerdict {
  const phrases = [...criteria.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
  const missing = phrases.filter((p) => !text.toLowerCase().includes(p.toLowerCase()));
  if (missing.length) return { score: 0, reason: `the text lacks ${missing.map((p) => `"${p}"`).join(", ")}` };
  return { score: 1, reason: phrases.length ? `the text has ${phrases.map((p) => `"${p}"`).join(", ")}` : "no quoted phrase to look for" };
}

/** `{"score": 0.7, "reason": "…"}` anywhere in the model's answer. */
export function parseVerdict(answer: string): JudgeVerdict {
  const match = /\{[\s\S]*\}/.exec(answer);
  let parsed: unknown;
  try {
    parsed = match ? JSON.parse(match[0]) : undefined;
  } catch {
    parsed = undefined;
  }
  const score = isRecord(parsed) ? Number(parsed.score) : NaN;
  if (!Number.isFinite(score)) throw new Error(`the judge's answer has no score: ${answer.slice(0, 200)}`);
  const reason = isRecord(parsed) && typeof parsed.reason === "string" ? parsed.reason : "";
  return { score: Math.min(1, Math.max(0, score)), reason };
}

export const playgroundJudge: Judge = async ({ provider, model, criteria, text, signal }) => {
  const id = PlaygroundProvider.parse(provider);
  const judged = text.slice(0, MAX_JUDGED_CHARS);
  if (id === "scripted") return scripted(criteria, judged);
  if (resolveKey(id).source === "none") return { skipped: "no key" };
  const { model: built } = createModel(ColumnConfig.parse({ provider: id, model }));
  const answer = await generateText({
    model: built,
    system: SYSTEM,
    prompt: `Criteria:\n${criteria}\n\nOutput:\n${judged}`,
    abortSignal: signal,
  });
  return parseVerdict(answer.text);
};
