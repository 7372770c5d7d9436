import { porterStem } from "@/lib/suites/porter";

/**
 * ROUGE-1 as ADK's `response_match_score` computes it (google/adk-python,
 * src/google/adk/evaluation/final_response_match_v1.py): `rouge_scorer.RougeScorer(["rouge1"],
 * use_stemmer=True).score(target=reference, prediction=candidate)` and its F-measure. The default
 * tokenizer of `rouge_score` (tokenize.py): lowercase, every run of characters outside [a-z0-9]
 * becomes a space, split on whitespace, tokens longer than 3 letters Porter-stemmed (NLTK's), and
 * only tokens that are still [a-z0-9]+ kept. So text in another script scores 0, as it does in ADK.
 */

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .map((token) => (token.length > 3 ? porterStem(token) : token))
    .filter((token) => /^[a-z0-9]+$/.test(token));
}

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const token of tokens) out.set(token, (out.get(token) ?? 0) + 1);
  return out;
}

/** ROUGE-1 of `candidate` against `reference`: unigram overlap (clipped counts), P, R and F1. */
export function rouge1(candidate: string, reference: string): RougeScore {
  const target = counts(rougeTokens(reference));
  const prediction = counts(rougeTokens(candidate));
  let overlap = 0;
  for (const [token, n] of target) overlap += Math.min(n, prediction.get(token) ?? 0);
  const targetTotal = [...target.values()].reduce((a, b) => a + b, 0);
  const predictionTotal = [...prediction.values()].reduce((a, b) => a + b, 0);
  const precision = overlap / Math.max(predictionTotal, 1);
  const recall = overlap / Math.max(targetTotal, 1);
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}
