import { isRecord } from "@/lib/values";
import type { JsonRecord } from "@/lib/values";

/*
 * A schema as the diff compares it: local `$ref`s (`#/$defs/X`, `#/definitions/X`, `#`) replaced by
 * what they point at, so a nested model (pydantic's `$defs`, zod's `reused: "ref"`) is compared where
 * it is used, and a one-branch `allOf` (pydantic 1's `allOf: [{$ref}]` beside a description) folded
 * into its parent. Bounded: a ref already being expanded (a recursive model) stays a `$ref` (its
 * target is compared around it), and so does every ref past MAX_REF_DEPTH levels or once
 * MAX_RESOLVED_NODES nodes were made; then the definitions stay too, so their changes are still seen.
 */

/** Refs expanded inside one another at most (a deeper one stays a `$ref`). */
export const MAX_REF_DEPTH = 32;
/** Nodes a resolved schema may have (a ref used many times is copied each time). */
export const MAX_RESOLVED_NODES = 20_000;

const DEFINITIONS = ["$defs", "definitions"] as const;

interface State {
  root: JsonRecord;
  nodes: number;
  /** True once a ref was left unexpanded where it is (too deep, over budget, not local). */
  kept: boolean;
}

/** The schema a local ref points at (`#`, `#/$defs/Name`, any JSON pointer into the root), or undefined. */
function target(root: JsonRecord, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isRecord(at) || !(key in at)) return undefined;
    at = at[key];
  }
  return at;
}

function walk(value: unknown, state: State, expanding: readonly string[], isRoot = false): unknown {
  if (++state.nodes > MAX_RESOLVED_NODES) {
    state.kept = true;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => walk(v, state, expanding));
  if (!isRecord(value)) return value;
  const out: JsonRecord = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$ref" || (isRoot && DEFINITIONS.some((d) => d === key))) continue;
    out[key] = walk(v, state, expanding);
  }
  const ref = value.$ref;
  if (typeof ref === "string") {
    const to = target(state.root, ref);
    if (isRecord(to) && expanding.includes(ref)) {
      // Recursive: its target is expanded around it, where its changes are seen.
      out.$ref = ref;
    } else if (!isRecord(to) || expanding.length >= MAX_REF_DEPTH) {
      state.kept = true;
      out.$ref = ref;
    } else {
      // Keywords beside a $ref apply with it (2019-09 on); a description beside it wins over the target's.
      const resolved = walk(to, state, [...expanding, ref]);
      return foldAllOf({ ...(isRecord(resolved) ? withoutDefinitions(resolved) : {}), ...out });
    }
  }
  return foldAllOf(out);
}

function withoutDefinitions(schema: JsonRecord): JsonRecord {
  const { $defs: _d, definitions: _x, ...rest } = schema;
  return rest;
}

/** `{ allOf: [X], description }` → X with the description, when no keyword is in both. */
function foldAllOf(schema: JsonRecord): JsonRecord {
  const all = schema.allOf;
  if (!Array.isArray(all) || all.length !== 1 || !isRecord(all[0])) return schema;
  const { allOf: _a, ...rest } = schema;
  const only = all[0];
  if (Object.keys(only).some((k) => k in rest)) return schema;
  return { ...only, ...rest };
}

/** The schema with its local refs resolved (see above); a non-object is returned as it is. */
export function resolveRefs(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const state: State = { root: schema, nodes: 0, kept: false };
  const resolved = walk(schema, state, [], true);
  if (!state.kept || !isRecord(resolved)) return resolved;
  // A ref stayed: keep the definitions it names, so the diff still sees their changes.
  const defs: JsonRecord = {};
  for (const d of DEFINITIONS) if (schema[d] !== undefined) defs[d] = schema[d];
  return { ...resolved, ...defs };
}
