import { getAtPointer, isPlainObject, withoutKey } from "./pointer";
import type { JsonSchema, JsonSchemaObject } from "./types";

export interface Resolved {
  schema: JsonSchemaObject;
  /** Every `$ref` followed to get here, in order (used by callers to detect recursion). */
  refs: string[];
  /** Set when a `$ref` could not be followed; `schema` is then the unresolved node. */
  error?: string;
}

const MAX_REF_HOPS = 64;

/** Turns a boolean schema into its object equivalent so callers handle one shape. */
export function asSchemaObject(schema: unknown): JsonSchemaObject {
  if (schema === false) return { not: {} };
  return isPlainObject(schema) ? schema : {};
}

export function lookupRef(root: JsonSchemaObject, ref: string): JsonSchema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    return undefined;
  }
  if (pointer !== "" && !pointer.startsWith("/")) return undefined;
  const target = getAtPointer(root, pointer);
  return isPlainObject(target) || typeof target === "boolean" ? target : undefined;
}

/**
 * Follows local `$ref`s (`#/$defs/…`, `#/definitions/…`, any JSON pointer) one node at a time.
 * Keywords written beside a `$ref` win over the target's: MCP servers put the field's title and
 * description there, and draft 2019+ applies both anyway.
 */
export function resolveSchema(schema: JsonSchema, root: JsonSchemaObject): Resolved {
  let node = asSchemaObject(schema);
  const refs: string[] = [];
  while (typeof node.$ref === "string") {
    const ref = node.$ref;
    if (refs.includes(ref) || refs.length >= MAX_REF_HOPS) {
      return { schema: node, refs, error: `$ref cycle without content at ${ref}` };
    }
    const target = lookupRef(root, ref);
    if (target === undefined) {
      return { schema: node, refs, error: `cannot resolve $ref ${ref}` };
    }
    refs.push(ref);
    node = { ...asSchemaObject(target), ...withoutKey(node, "$ref") };
  }
  return { schema: node, refs };
}
