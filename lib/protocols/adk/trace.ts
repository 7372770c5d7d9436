/**
 * ADK trace spans (`/debug/trace/{eventId}`, `/debug/trace/session/{sid}`; snake_case, times in ns):
 * what the model was sent and answered, read out of span attributes, and the span tree per
 * invocation for timing bars. Attributes Loupe does not read stay available raw.
 */
import { contentText, normalizeUsage } from "@/lib/protocols/adk/parts";
import type { AdkUsage } from "@/lib/protocols/adk/types";
import { field, num, rec, str } from "@/lib/protocols/adk/guards";
import type { JsonRecord } from "@/lib/protocols/adk/guards";

/** One span as the session trace endpoint returns it. */
export interface RawSpan {
  name?: string;
  span_id: string;
  trace_id?: string;
  parent_span_id?: string | null;
  /** Nanoseconds since the epoch. */
  start_time?: number;
  end_time?: number;
  attributes: Record<string, unknown>;
  [key: string]: unknown;
}

/** Why there is no trace, in words the UI shows as they are. */
export interface TraceAbsent {
  absent: true;
  reason: string;
}

export const ATTR = {
  llmRequest: "gcp.vertex.agent.llm_request",
  llmResponse: "gcp.vertex.agent.llm_response",
  eventId: "gcp.vertex.agent.event_id",
  invocationId: "gcp.vertex.agent.invocation_id",
  toolArgs: "gcp.vertex.agent.tool_call_args",
  toolResponse: "gcp.vertex.agent.tool_response",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  model: "gen_ai.request.model",
  agentName: "gen_ai.agent.name",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
} as const;

const READ_ATTRS = new Set<string>([ATTR.llmRequest, ATTR.llmResponse, ATTR.model, ATTR.inputTokens, ATTR.outputTokens]);

export interface TraceContent {
  role: string;
  parts: unknown[];
}

export interface ToolDeclaration {
  name: string;
  description?: string;
  parameters?: unknown;
}

export interface ModelCall {
  model?: string;
  agentName?: string;
  /** Text of the system instruction (string or Content in the request). */
  systemInstruction?: string;
  contents: TraceContent[];
  tools: ToolDeclaration[];
  /** The request config without systemInstruction and tools (temperature, labels, schemas …). */
  generationConfig: JsonRecord;
  response?: { content?: TraceContent; finishReason?: string; usage?: AdkUsage; errorMessage?: string };
  /** Token counts from `gen_ai.usage.*` when the response carries no usageMetadata. */
  tokens?: { input?: number; output?: number };
  request: unknown;
  responseRaw: unknown;
  /** Every attribute this parser does not read, as the server sent it. */
  otherAttributes: JsonRecord;
}

/** A JSON-string attribute parsed; anything else as is. "{}" (tool spans) reads as undefined. */
export function jsonAttr(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    const r = rec(parsed);
    return r && Object.keys(r).length === 0 ? undefined : parsed;
  } catch {
    return value;
  }
}

function toContent(raw: unknown): TraceContent | undefined {
  const c = rec(raw);
  if (!c) return undefined;
  return { role: str(c.role) ?? "user", parts: Array.isArray(c.parts) ? c.parts : [] };
}

function toolsOf(config: JsonRecord): ToolDeclaration[] {
  const tools = field(config, "tools");
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => {
    const decls = rec(t) ? field(rec(t)!, "functionDeclarations") : undefined;
    if (!Array.isArray(decls)) return [];
    return decls.flatMap((d): ToolDeclaration[] => {
      const r = rec(d);
      const name = r && str(r.name);
      if (!r || !name) return [];
      const parameters = field(r, "parameters") ?? field(r, "parametersJsonSchema");
      const description = str(r.description);
      return [{ name, ...(description ? { description } : {}), ...(parameters !== undefined ? { parameters } : {}) }];
    });
  });
}

/** What the model was sent and answered, or null when the span carries no model request. */
export function parseModelCall(attributes: Record<string, unknown>): ModelCall | null {
  const request = rec(jsonAttr(attributes[ATTR.llmRequest]));
  if (!request) return null;
  const config = rec(field(request, "config")) ?? {};
  const system = field(config, "systemInstruction");
  const generationConfig: JsonRecord = {};
  for (const [k, v] of Object.entries(config)) {
    if (!["systemInstruction", "system_instruction", "tools"].includes(k)) generationConfig[k] = v;
  }
  const responseRaw = jsonAttr(attributes[ATTR.llmResponse]);
  const resp = rec(responseRaw);
  const content = resp ? toContent(resp.content) : undefined;
  const usage = resp ? normalizeUsage(field(resp, "usageMetadata")) : undefined;
  const finishReason = resp ? str(field(resp, "finishReason")) : undefined;
  const errorMessage = resp ? str(field(resp, "errorMessage")) : undefined;
  const input = num(attributes[ATTR.inputTokens]);
  const output = num(attributes[ATTR.outputTokens]);
  const otherAttributes: JsonRecord = {};
  for (const [k, v] of Object.entries(attributes)) if (!READ_ATTRS.has(k)) otherAttributes[k] = v;
  const model = str(request.model) ?? str(attributes[ATTR.model]);
  const agentName = str(attributes[ATTR.agentName]);
  return {
    ...(model ? { model } : {}),
    ...(agentName ? { agentName } : {}),
    ...(system !== undefined ? { systemInstruction: contentText(system) } : {}),
    contents: (Array.isArray(request.contents) ? request.contents : []).map(toContent).filter((c): c is TraceContent => !!c),
    tools: toolsOf(config),
    generationConfig,
    ...(resp
      ? {
          response: {
            ...(content ? { content } : {}),
            ...(finishReason ? { finishReason } : {}),
            ...(usage ? { usage } : {}),
            ...(errorMessage ? { errorMessage } : {}),
          },
        }
      : {}),
    ...(input !== undefined || output !== undefined
      ? { tokens: { ...(input !== undefined ? { input } : {}), ...(output !== undefined ? { output } : {}) } }
      : {}),
    request,
    responseRaw,
    otherAttributes,
  };
}

export type SpanKind = "invocation" | "agent" | "llm" | "tool" | "other";

export function spanKind(span: Pick<RawSpan, "name" | "attributes">): SpanKind {
  const name = span.name ?? "";
  const op = str(span.attributes["gen_ai.operation.name"]);
  if (name === "invocation") return "invocation";
  // Tool spans carry an empty llm_request ("{}") too, so the tool test goes first.
  if (op === "execute_tool" || name.startsWith("execute_tool")) return "tool";
  if (name === "call_llm" || name.startsWith("generate_content") || jsonAttr(span.attributes[ATTR.llmRequest]) !== undefined) return "llm";
  if (op === "invoke_agent" || name.startsWith("invoke_agent")) return "agent";
  return "other";
}

/** One row of the span tree, flattened depth first. Times in ms relative to the invocation start. */
export interface SpanRow {
  spanId: string;
  name: string;
  kind: SpanKind;
  depth: number;
  offsetMs: number;
  durationMs: number;
  eventId?: string;
  toolCallId?: string;
  span: RawSpan;
}

export interface InvocationTrace {
  rootSpanId: string;
  invocationId?: string;
  /** Epoch ms. */
  startMs: number;
  durationMs: number;
  rows: SpanRow[];
}

const nsToMs = (ns: unknown): number | undefined => {
  const n = num(ns);
  return n === undefined ? undefined : n / 1e6;
};

/** The span tree (by parent_span_id) grouped per root span — one per invocation — oldest first. */
export function buildTraceTree(spans: readonly RawSpan[]): InvocationTrace[] {
  const ids = new Set(spans.map((s) => s.span_id));
  const children = new Map<string, RawSpan[]>();
  const roots: RawSpan[] = [];
  for (const s of spans) {
    const parent = s.parent_span_id ?? undefined;
    if (parent && ids.has(parent) && parent !== s.span_id) children.set(parent, [...(children.get(parent) ?? []), s]);
    else roots.push(s);
  }
  const byStart = (a: RawSpan, b: RawSpan) => (num(a.start_time) ?? 0) - (num(b.start_time) ?? 0);
  return roots.sort(byStart).map((root) => {
    const startMs = nsToMs(root.start_time) ?? 0;
    const rows: SpanRow[] = [];
    let endMs = nsToMs(root.end_time) ?? startMs;
    let invocationId: string | undefined;
    const seen = new Set<string>();
    const visit = (span: RawSpan, depth: number): void => {
      if (seen.has(span.span_id)) return;
      seen.add(span.span_id);
      const s = nsToMs(span.start_time) ?? startMs;
      const e = nsToMs(span.end_time) ?? s;
      endMs = Math.max(endMs, e);
      invocationId ??= str(span.attributes[ATTR.invocationId]);
      const eventId = str(span.attributes[ATTR.eventId]);
      const toolCallId = str(span.attributes[ATTR.toolCallId]);
      rows.push({
        spanId: span.span_id,
        name: span.name ?? "(unnamed span)",
        kind: spanKind(span),
        depth,
        offsetMs: s - startMs,
        durationMs: Math.max(0, e - s),
        ...(eventId ? { eventId } : {}),
        ...(toolCallId ? { toolCallId } : {}),
        span,
      });
      for (const child of (children.get(span.span_id) ?? []).sort(byStart)) visit(child, depth + 1);
    };
    visit(root, 0);
    return { rootSpanId: root.span_id, ...(invocationId ? { invocationId } : {}), startMs, durationMs: endMs - startMs, rows };
  });
}

/** What a span needs to find its event: the events' ids and the function-response ids they carry. */
export interface MatchableEvent {
  id: string;
  responseIds: string[];
}

/**
 * The event a span produced. By event id first; a tool span's recorded event id can differ from
 * the stored response event (JS 2.0 merges/re-ids it), so a tool span also matches the event that
 * carries the function response of its call id.
 */
export function matchSpanEvent(row: Pick<SpanRow, "eventId" | "toolCallId">, events: readonly MatchableEvent[]): string | undefined {
  if (row.eventId && events.some((e) => e.id === row.eventId)) return row.eventId;
  if (row.toolCallId) return events.find((e) => e.responseIds.includes(row.toolCallId!))?.id;
  return undefined;
}

/** "12 ms", "1.4 s", "0.3 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * The model call behind one event from a session's spans (a bundle holds no per-event trace):
 * the span that recorded the event's id and carries a model request, or null.
 */
export function modelCallFromSpans(spans: readonly RawSpan[], eventId: string): ModelCall | null {
  for (const span of spans) {
    if (span.attributes[ATTR.eventId] !== eventId) continue;
    const call = parseModelCall(span.attributes);
    if (call) return call;
  }
  return null;
}
