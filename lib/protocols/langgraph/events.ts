/**
 * LangGraph SSE event names: `<mode>` or, with `stream_subgraphs`, `<mode>|<node>:<task id>|…` (one
 * namespace part per subgraph level). Pure.
 */

/** Stream modes whose events the timeline reads; any other name is shown raw as unknown. */
export const LG_KNOWN_MODES = [
  "metadata",
  "values",
  "updates",
  "debug",
  "custom",
  "error",
  "messages",
  "messages/partial",
  "messages/complete",
  "messages/metadata",
  "end",
] as const;
export type LgKnownMode = (typeof LG_KNOWN_MODES)[number];

const KNOWN = new Set<string>(LG_KNOWN_MODES);

export interface LgEventName {
  /** The stream mode, or null for a name Loupe does not know. */
  mode: LgKnownMode | null;
  /** The name before the first `|`, as sent. */
  base: string;
  /** Namespace parts as sent (`review:83ee…`). */
  ns: string[];
  /** The namespace as node names (`review`, `review:child`): task ids dropped; "" at the top level. */
  path: string;
}

function isKnown(name: string): name is LgKnownMode {
  return KNOWN.has(name);
}

/** A namespace part's node name: LangGraph joins node and task id with ":" (node names cannot hold one). */
export const nsNode = (part: string): string => {
  const at = part.indexOf(":");
  return at < 0 ? part : part.slice(0, at);
};

/** Parts of a namespace as node names, joined as the xray graph names nested nodes (`parent:child`). */
export function nsPath(ns: readonly string[]): string {
  return ns.map(nsNode).join(":");
}

/** `parent:child`: a node's id as the xray graph names it, from its namespace path and name. */
export const qualify = (path: string, name: string): string => (path ? `${path}:${name}` : name);

export function parseEventName(event: string): LgEventName {
  const [base = "", ...ns] = event.split("|");
  return { mode: isKnown(base) ? base : null, base, ns, path: nsPath(ns) };
}

/** An ISO timestamp (debug events carry one) in ms, or null. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
