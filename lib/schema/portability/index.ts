// Schema portability (issue 5): what each model provider receives of a tool's input schema.
import type { Finding, JsonObject, ProviderId, Severity, TargetResult, ToolPortability, Verdict } from "@/lib/schema/portability/types";
import { PROVIDER_LABELS, PROVIDERS, SEVERITY_RANK } from "@/lib/schema/portability/types";
import { sortFindings } from "@/lib/schema/portability/json";
import { prepareInput } from "@/lib/schema/portability/input";
import { analyzeName } from "@/lib/schema/portability/names";
import type { NamedTool } from "@/lib/schema/portability/names";
import { toGemini } from "@/lib/schema/portability/gemini";
import { toOpenAi, toOpenAiStrict } from "@/lib/schema/portability/openai";
import { toAnthropic } from "@/lib/schema/portability/anthropic";

export type * from "@/lib/schema/portability/types";
export { PROVIDER_LABELS, PROVIDERS, SEVERITY_RANK } from "@/lib/schema/portability/types";
export { normalizeName, truncateUtf8, namespaced, serverKey, NAME_RULES } from "@/lib/schema/portability/names";
export { prepareInput, EMPTY_OBJECT_SCHEMA } from "@/lib/schema/portability/input";
export { inlineRefs } from "@/lib/schema/portability/refs";
export { toGemini } from "@/lib/schema/portability/gemini";
export { toOpenAi, toOpenAiStrict } from "@/lib/schema/portability/openai";
export { toAnthropic } from "@/lib/schema/portability/anthropic";

export interface PortabilityTool {
  name: string;
  inputSchema?: unknown;
  /** Set when the agent namespaces tools by server (`server__tool`). */
  serverName?: string;
}

const CONVERTERS: Record<ProviderId, (s: JsonObject) => { schema: JsonObject | null; findings: Finding[] }> = {
  gemini: toGemini,
  openai: toOpenAi,
  "openai-strict": toOpenAiStrict,
  anthropic: toAnthropic,
};

export function verdictOf(findings: Finding[]): Verdict {
  if (findings.some((f) => f.severity === "rejected")) return "rejected";
  return findings.some((f) => f.severity !== "lossless") ? "degraded" : "as_is";
}

/**
 * Every target's view of one tool. `others` are the other tools the same agent sees (same server,
 * or other servers with their `serverName`), used to find name collisions.
 */
export function analyzeTool(tool: PortabilityTool, others: NamedTool[] = []): ToolPortability {
  const input = prepareInput(tool.inputSchema);
  const targets = {} as Record<ProviderId, TargetResult>;
  for (const provider of PROVIDERS) {
    const converted = CONVERTERS[provider](input.schema);
    const name = analyzeName(tool, others, provider);
    const findings = sortFindings([...input.findings, ...name.findings, ...converted.findings]);
    targets[provider] = {
      provider,
      label: PROVIDER_LABELS[provider],
      schema: converted.schema,
      name: name.result,
      findings,
      verdict: verdictOf(findings),
    };
  }
  return { toolName: tool.name, original: tool.inputSchema, prepared: input.schema, edgeCases: input.edgeCases, targets };
}

export interface ProviderSummary {
  provider: ProviderId;
  label: string;
  total: number;
  asIs: number;
  degraded: number;
  rejected: number;
}

export interface RankedFinding {
  tool: string;
  serverName?: string;
  provider: ProviderId;
  finding: Finding;
}

export interface ServerSummary {
  providers: ProviderSummary[];
  /** Non-lossless findings over all tools and providers, worst first. */
  worst: RankedFinding[];
  tools: ToolPortability[];
}

/** Server-level (or agent-level, across servers) summary: portable counts and the worst findings. */
export function summarizeTools(tools: PortabilityTool[]): ServerSummary {
  const named = tools.map(({ name, serverName }) => ({ name, serverName }));
  const analyses = tools.map((t) => analyzeTool(t, named));
  const providers = PROVIDERS.map((provider): ProviderSummary => {
    const verdicts = analyses.map((a) => a.targets[provider].verdict);
    const count = (v: Verdict) => verdicts.filter((x) => x === v).length;
    return {
      provider,
      label: PROVIDER_LABELS[provider],
      total: tools.length,
      asIs: count("as_is"),
      degraded: count("degraded"),
      rejected: count("rejected"),
    };
  });
  const worst: RankedFinding[] = [];
  analyses.forEach((a, i) => {
    for (const provider of PROVIDERS) {
      for (const finding of a.targets[provider].findings) {
        if (finding.severity !== "lossless") worst.push({ tool: a.toolName, serverName: tools[i]?.serverName, provider, finding });
      }
    }
  });
  worst.sort((x, y) => rank(y.finding.severity) - rank(x.finding.severity));
  return { providers, worst, tools: analyses };
}

function rank(s: Severity): number {
  return SEVERITY_RANK[s];
}
