/**
 * LangGraph assistants, graphs and schemas as Loupe normalizes them (issue 21): part of the LangGraph
 * contract (lib/contracts/langgraph.ts re-exports them), apart to keep each file short.
 */

/** One assistant (`POST /assistants/search`): one per graph on a dev server. */
export interface LgAssistant {
  assistantId: string;
  graphId: string;
  name: string;
  description?: string | null;
  version?: number;
  config?: unknown;
  metadata?: unknown;
  createdAt?: string;
  updatedAt?: string;
}

/** `GET /assistants/{id}/graph` normalized: node ids may carry a subgraph prefix (`parent:child`) with xray. */
export interface LgGraphNode {
  id: string;
  /** "schema" (__start__ / __end__), "runnable", or what the server says. */
  type: string;
  name: string;
  /** The subgraph this node belongs to (with xray), outermost first; [] at the top level. */
  parents: string[];
  raw: unknown;
}
export interface LgGraphEdge {
  source: string;
  target: string;
  conditional: boolean;
  label?: string;
}
export interface LgGraph {
  assistantId: string;
  xray: boolean;
  nodes: LgGraphNode[];
  edges: LgGraphEdge[];
}

/**
 * `GET /assistants/{id}/schemas` (JSON Schemas of the graph's input, output, state, config,
 * context): what the run form is built from when the server gives it. Slow or absent on some
 * servers (a plain .mjs graph on the JS dev server times out): the run form always offers JSON.
 */
export interface LgAssistantSchemas {
  assistantId: string;
  input: unknown;
  output: unknown;
  state: unknown;
  config: unknown;
  context: unknown;
}
