import "server-only";
import { z } from "zod";
import type { LgAssistant, LgCheckpoint, LgGraph, LgGraphEdge, LgGraphNode, LgInterrupt, LgThreadSummary } from "@/lib/contracts/langgraph";
import { isRecord } from "@/lib/values";

/**
 * What the LangGraph API server answers, checked at the boundary (its JSON is untrusted input):
 * lenient — unknown fields pass through, optional ones may be missing or null — but a field Loupe
 * keys on (an id) must be there, and an answer that is not an object is refused in words. Then
 * normalized into the contract's shapes, each keeping `raw`.
 */

const str = z.string().nullish();
const meta = z.record(z.string(), z.unknown()).nullish();

export const InfoWire = z.looseObject({});
/** GET /assistants/{id}/schemas: each schema any JSON (null when the graph has none). */
export const SchemasWire = z.looseObject({
  input_schema: z.unknown().optional(),
  output_schema: z.unknown().optional(),
  state_schema: z.unknown().optional(),
  config_schema: z.unknown().optional(),
  context_schema: z.unknown().optional(),
});
/** Only the ids are keyed on: a field of an odd type is dropped by lgAssistant, not a reason to refuse the list. */
export const AssistantWire = z.looseObject({
  assistant_id: z.string(),
  graph_id: z.string(),
  name: z.unknown().optional(),
  description: z.unknown().optional(),
  version: z.unknown().optional(),
  config: z.unknown().optional(),
  metadata: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
});
export type AssistantWire = z.infer<typeof AssistantWire>;

export const ThreadWire = z.looseObject({
  thread_id: z.string(),
  created_at: str,
  updated_at: str,
  metadata: meta,
  // Said as text whatever its type: a status Loupe does not know is shown, not refused.
  status: z.preprocess((v) => (typeof v === "string" || v === null || v === undefined ? v : JSON.stringify(v)), str),
  values: z.unknown().optional(),
  interrupts: z.unknown().optional(),
});
export type ThreadWire = z.infer<typeof ThreadWire>;

export const CheckpointWire = z.looseObject({
  values: z.unknown().optional(),
  next: z.array(z.string()).nullish(),
  tasks: z.array(z.unknown()).nullish(),
  metadata: meta,
  created_at: str,
  checkpoint: z.looseObject({ checkpoint_id: z.string() }),
  parent_checkpoint: z.looseObject({ checkpoint_id: z.string().nullish() }).nullish(),
});
export type CheckpointWire = z.infer<typeof CheckpointWire>;

/** Node and edge ids are keyed on; an odd `type` or `conditional` is read as the default, not refused. */
export const GraphWire = z.looseObject({
  nodes: z.array(z.looseObject({ id: z.union([z.string(), z.number()]), type: z.unknown().optional(), data: z.unknown().optional() })),
  edges: z.array(
    z.looseObject({
      source: z.union([z.string(), z.number()]),
      target: z.union([z.string(), z.number()]),
      conditional: z.unknown().optional(),
      data: z.unknown().optional(),
    }),
  ),
});
export type GraphWire = z.infer<typeof GraphWire>;

/** POST /threads/{id}/state: the new checkpoint (nested by the servers measured; flat is accepted too). */
export const StateUpdateWire = z
  .looseObject({ checkpoint: z.looseObject({ checkpoint_id: z.string() }).nullish(), checkpoint_id: z.string().nullish() })
  .refine((w) => Boolean(w.checkpoint?.checkpoint_id ?? w.checkpoint_id), "no checkpoint_id");

const InterruptItem = z.looseObject({ id: z.string().nullish(), value: z.unknown().optional(), ns: z.array(z.string()).nullish() });

/**
 * The thread's `interrupts` map (`{ <task id>: [{ id, value }] }`) as a list. An item without an
 * id (older servers) is keyed by its task id, the only handle such a server resumes by.
 */
export function lgInterrupts(interrupts: unknown): LgInterrupt[] {
  if (!isRecord(interrupts)) return [];
  return Object.entries(interrupts).flatMap(([taskId, list]) =>
    (Array.isArray(list) ? list : []).flatMap((item): LgInterrupt[] => {
      const parsed = InterruptItem.safeParse(item);
      if (!parsed.success) return [];
      const { id, value, ns } = parsed.data;
      return [{ id: id ?? taskId, taskId, value, ...(ns ? { ns } : {}) }];
    }),
  );
}

const textOf = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export function lgAssistant(w: AssistantWire): LgAssistant {
  return {
    assistantId: w.assistant_id,
    graphId: w.graph_id,
    name: textOf(w.name) ?? w.graph_id,
    description: textOf(w.description) ?? null,
    ...(typeof w.version === "number" ? { version: w.version } : {}),
    config: w.config,
    metadata: w.metadata,
    ...(textOf(w.created_at) ? { createdAt: textOf(w.created_at) } : {}),
    ...(textOf(w.updated_at) ? { updatedAt: textOf(w.updated_at) } : {}),
  };
}

export function lgThreadSummary(deploymentId: string, w: ThreadWire, loupeRuns: number): LgThreadSummary {
  const metadata = w.metadata ?? {};
  const graphId = textOf(metadata.graph_id);
  const assistantId = textOf(metadata.assistant_id);
  return {
    deploymentId,
    threadId: w.thread_id,
    createdAt: w.created_at ?? null,
    updatedAt: w.updated_at ?? null,
    status: w.status ?? "idle",
    metadata,
    ...(graphId ? { graphId } : {}),
    ...(assistantId ? { assistantId } : {}),
    interruptCount: lgInterrupts(w.interrupts).length,
    loupeRuns,
  };
}

export function lgCheckpoint(w: CheckpointWire): LgCheckpoint {
  const metadata = w.metadata ?? {};
  return {
    checkpointId: w.checkpoint.checkpoint_id,
    parentCheckpointId: w.parent_checkpoint?.checkpoint_id ?? null,
    step: typeof metadata.step === "number" ? metadata.step : null,
    source: textOf(metadata.source) ?? null,
    createdAt: w.created_at ?? null,
    next: w.next ?? [],
    values: w.values,
    writes: metadata.writes ?? null,
    tasks: w.tasks ?? [],
    raw: w,
  };
}

/**
 * The drawable graph. With xray a subgraph's nodes come prefixed by their parents (`publish:check`):
 * `parents` lists them, outermost first; the name is the node's own (`data.name`, else the last part).
 */
export function lgGraph(assistantId: string, xray: boolean, w: GraphWire): LgGraph {
  const nodes = w.nodes.map((n): LgGraphNode => {
    const id = String(n.id);
    const parts = xray ? id.split(":") : [id];
    const own = parts.at(-1) ?? id;
    const data = isRecord(n.data) ? n.data : {};
    return { id, type: textOf(n.type) ?? "runnable", name: textOf(data.name) ?? own, parents: parts.slice(0, -1), raw: n };
  });
  const edges = w.edges.map((e): LgGraphEdge => ({
    source: String(e.source),
    target: String(e.target),
    conditional: e.conditional === true,
    ...(typeof e.data === "string" ? { label: e.data } : {}),
  }));
  return { assistantId, xray, nodes, edges };
}
