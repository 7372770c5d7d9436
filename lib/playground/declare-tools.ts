// Pure (no server-only): the playground UI previews the same declarations the server sends.
import type { PlaygroundProvider } from "@/lib/contracts/playground";
import type { Finding, JsonObject, ProviderId } from "@/lib/schema/portability";
import {
  EMPTY_OBJECT_SCHEMA,
  NAME_RULES,
  namespaced,
  normalizeName,
  prepareInput,
  toAnthropic,
  toGemini,
  toOpenAi,
  toOpenAiStrict,
  truncateUtf8,
} from "@/lib/schema/portability";
import { nameFindings } from "@/lib/schema/portability/names";
import { sortFindings } from "@/lib/schema/portability/json";

/** A tool as the model is told about it: the Portability output for its provider. */
export interface DeclaredTool {
  /** The name the model sees and calls. */
  name: string;
  description?: string;
  /** The input schema exactly as the provider receives it. */
  inputSchema: Record<string, unknown>;
  connectionId: string;
  /** The tool's own name on its connection. */
  tool: string;
  /** Portability's findings for this provider (all severities, worst first) plus Loupe's renames. */
  findings: Finding[];
  /** The tool's `annotations.readOnlyHint`, when it gives one (the scripted model reads it as providerOptions.loupe.readOnlyHint). */
  readOnlyHint?: boolean;
}

/** A selected tool Portability rejects for the provider: not declared, its findings say why. */
export interface LeftOutTool {
  connectionId: string;
  tool: string;
  findings: Finding[];
}

export interface ToolSource {
  connectionId: string;
  connectionName: string;
  tool: { name: string; description?: string; inputSchema?: unknown; annotations?: Record<string, unknown> };
}

export interface DeclaredTools {
  declared: DeclaredTool[];
  /** name the model sees → which tool of which connection. */
  toolMap: Record<string, { connectionId: string; tool: string }>;
  leftOut: LeftOutTool[];
}

/** Which Portability target a playground provider's declarations come from; null: no conversion (scripted). */
export function portabilityTarget(provider: PlaygroundProvider, strict: boolean): ProviderId | null {
  switch (provider) {
    case "openai":
    case "openai-compatible":
      // Both speak the chat completions wire and pass `strict` through.
      return strict ? "openai-strict" : "openai";
    case "anthropic":
      return "anthropic";
    case "google":
      return "gemini";
    case "scripted":
      return null;
  }
}

function convert(target: ProviderId | null, prepared: JsonObject): { schema: JsonObject; findings: Finding[] } {
  switch (target) {
    case "openai":
      return toOpenAi(prepared);
    case "openai-strict":
      return toOpenAiStrict(prepared);
    case "anthropic":
      return toAnthropic(prepared);
    case "gemini": {
      // null: Gemini gets no `parameters`; the SDK leaves them out for the empty object schema.
      const out = toGemini(prepared);
      return { schema: out.schema ?? { ...EMPTY_OBJECT_SCHEMA }, findings: out.findings };
    }
    case null:
      return { schema: prepared, findings: [] };
  }
}

const normalize = (name: string, target: ProviderId | null) => (target ? normalizeName(name, target) : name);
const maxBytes = (target: ProviderId | null) => (target ? NAME_RULES[target].maxBytes : Infinity);

/**
 * A `"_2"`-style suffix for a name that is still taken, the head cut so the whole stays within
 * the provider's byte limit. Two tools never share a declaration name: one would shadow the other.
 */
function unique(name: string, taken: Set<string>, target: ProviderId | null): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${truncateUtf8(name, maxBytes(target) - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function renamed(reason: string): Finding {
  return { path: "name", keyword: "name", action: "rewritten", severity: "shape_changed", basis: "assumed", reason };
}

/**
 * Double encoding is reported as rejected because a provider refuses the string; Loupe decodes it
 * (the finding says a careful SDK does), so that finding alone does not keep the tool out.
 */
function blocking(f: Finding): boolean {
  return f.severity === "rejected" && !(f.keyword === "inputSchema" && f.action === "rewritten");
}

/**
 * The tool declarations a provider receives for the selected tools. Schemas are Portability's
 * output for the provider's target; names are normalized by the provider's rules and namespaced
 * `server__tool` when two selected servers offer the same name (both kept); a collision left
 * after that (normalization, truncation, one server listing a name twice) gets a numbered suffix.
 */
export function declareTools(provider: PlaygroundProvider, strict: boolean, tools: ToolSource[]): DeclaredTools {
  const target = portabilityTarget(provider, strict);
  const base = tools.map((t) => normalize(t.tool.name, target));
  const connectionsPerName = new Map<string, Set<string>>();
  base.forEach((name, i) => {
    const set = connectionsPerName.get(name) ?? new Set<string>();
    set.add(tools[i]!.connectionId);
    connectionsPerName.set(name, set);
  });

  const declared: DeclaredTool[] = [];
  const leftOut: LeftOutTool[] = [];
  const toolMap: DeclaredTools["toolMap"] = {};
  const taken = new Set<string>();
  tools.forEach((source, i) => {
    const input = prepareInput(source.tool.inputSchema);
    const converted = convert(target, input.schema);
    const shared = (connectionsPerName.get(base[i]!)?.size ?? 0) > 1;
    const wanted = shared ? namespaced(source.connectionName, source.tool.name) : source.tool.name;
    const findings = [...input.findings, ...converted.findings, ...(target ? nameFindings(wanted, target) : [])];
    if (shared) findings.push(renamed(`Another selected server also offers "${base[i]}"; namespaced by server so both are kept.`));
    if (findings.some(blocking)) {
      leftOut.push({ connectionId: source.connectionId, tool: source.tool.name, findings: sortFindings(findings) });
      return;
    }
    const first = normalize(wanted, target);
    const name = unique(first, taken, target);
    if (name !== first) findings.push(renamed(`"${first}" is already the name of another declared tool; numbered "${name}".`));
    taken.add(name);
    // Defined, not assigned: a server's tool named "__proto__" is an entry, not the map's prototype.
    Object.defineProperty(toolMap, name, {
      value: { connectionId: source.connectionId, tool: source.tool.name },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    declared.push({
      name,
      ...(source.tool.description !== undefined ? { description: source.tool.description } : {}),
      inputSchema: converted.schema,
      connectionId: source.connectionId,
      tool: source.tool.name,
      findings: sortFindings(findings),
      ...(typeof source.tool.annotations?.readOnlyHint === "boolean" ? { readOnlyHint: source.tool.annotations.readOnlyHint } : {}),
    });
  });
  return { declared, toolMap, leftOut };
}
