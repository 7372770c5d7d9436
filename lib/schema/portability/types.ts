// Shapes of the portability analysis (issue 5). Pure data: the UI only renders these.

export type ProviderId = "gemini" | "openai" | "openai-strict" | "anthropic";

export const PROVIDERS: readonly ProviderId[] = ["gemini", "openai", "openai-strict", "anthropic"];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  gemini: "Gemini function declarations",
  openai: "OpenAI function calling",
  "openai-strict": "OpenAI function calling (strict)",
  anthropic: "Anthropic tool use",
};

/**
 * How much a rewrite costs. `lossless` marks rewrites that keep the meaning (a `$ref` inlined, a
 * fallback added) so they are listed without counting against "portable as is".
 */
export type Severity = "rejected" | "shape_changed" | "constraint_lost" | "lossless";

/** Worst first; used to sort findings and to pick a verdict. */
export const SEVERITY_RANK: Record<Severity, number> = { rejected: 3, shape_changed: 2, constraint_lost: 1, lossless: 0 };

/** Where a rule comes from: the provider's docs, an error the API is seen returning, or our assumption. */
export type Basis = "documented" | "observed" | "assumed";

export type FindingAction = "dropped" | "rewritten" | "added" | "rejected";

export interface Finding {
  /** JSON Pointer into the original schema ("#" = root), or "name" for the tool name. */
  path: string;
  keyword: string;
  action: FindingAction;
  severity: Severity;
  basis: Basis;
  reason: string;
  /** Address of the page the rule comes from, when there is one. */
  source?: string;
}

export type EdgeCaseKind = "no_input_schema" | "double_encoded" | "unparseable" | "defs_ref" | "recursive_ref" | "nullable_anyof";

export interface EdgeCase {
  kind: EdgeCaseKind;
  path: string;
  message: string;
}

export type JsonObject = Record<string, unknown>;

export interface NameResult {
  original: string;
  /** The tool name as this provider accepts it. */
  normalized: string;
  /** `server__tool`, normalized, when the tool is namespaced by its server. */
  namespaced?: string;
  /** Other tools (original names) that end up with the same provider name. */
  collisions: string[];
}

export type Verdict = "as_is" | "degraded" | "rejected";

export interface TargetResult {
  provider: ProviderId;
  label: string;
  /** The schema as the provider receives it; null when the SDK omits the parameters. */
  schema: JsonObject | null;
  name: NameResult;
  /** Worst first. */
  findings: Finding[];
  verdict: Verdict;
}

export interface ToolPortability {
  toolName: string;
  /** The input schema as the server declared it. */
  original: unknown;
  /** The object schema every target starts from (after decoding / fallback). */
  prepared: JsonObject;
  edgeCases: EdgeCase[];
  targets: Record<ProviderId, TargetResult>;
}
