// Turns whatever the server declared as `inputSchema` into the object schema every target starts
// from, naming the edge cases on the way (issue 5: no schema, JSON-string schema, unparseable).
import type { EdgeCase, Finding, JsonObject } from "@/lib/schema/portability/types";
import { isNullSchema, isObject, mapChildren, pointer } from "@/lib/schema/portability/json";

/** The empty-object schema careful SDKs send for a tool without parameters. */
export const EMPTY_OBJECT_SCHEMA: JsonObject = { type: "object", properties: {} };

export interface PreparedInput {
  schema: JsonObject;
  edgeCases: EdgeCase[];
  /** Findings that hold for every provider (the input itself could not be sent as is). */
  findings: Finding[];
}

export function prepareInput(inputSchema: unknown): PreparedInput {
  if (inputSchema === undefined || inputSchema === null) {
    // MCP requires inputSchema, but hand-written and agent tools often omit it.
    return {
      schema: { ...EMPTY_OBJECT_SCHEMA },
      edgeCases: [{ kind: "no_input_schema", path: "#", message: "No input schema: the empty object schema is sent instead." }],
      findings: [
        {
          path: "#",
          keyword: "inputSchema",
          action: "added",
          severity: "lossless",
          basis: "assumed",
          reason: 'No input schema declared; a careful SDK sends {"type":"object","properties":{}}.',
        },
      ],
    };
  }
  if (typeof inputSchema === "string") {
    let decoded: unknown;
    try {
      decoded = JSON.parse(inputSchema);
    } catch {
      decoded = undefined;
    }
    if (isObject(decoded)) {
      const inner = prepareInput(decoded);
      return {
        schema: inner.schema,
        edgeCases: [
          {
            kind: "double_encoded",
            path: "#",
            message: "The schema is a JSON string (double encoded); it is decoded before anything else.",
          },
          ...inner.edgeCases,
        ],
        findings: [
          // Every provider takes the parameters as a JSON object, never as a string holding one.
          {
            path: "#",
            keyword: "inputSchema",
            action: "rewritten",
            severity: "rejected",
            basis: "documented",
            reason:
              "The schema is a JSON string, not an object: sent as is, the provider rejects the tool. A careful SDK decodes it first (shown here).",
          },
          ...inner.findings,
        ],
      };
    }
    return unparseable(`The schema is a string that is not a JSON object (${inputSchema.length} chars).`);
  }
  if (!isObject(inputSchema))
    return unparseable(`The schema is a ${Array.isArray(inputSchema) ? "list" : typeof inputSchema}, not an object.`);
  return { schema: inputSchema, edgeCases: scanEdgeCases(inputSchema), findings: [] };
}

function unparseable(message: string): PreparedInput {
  return {
    schema: { ...EMPTY_OBJECT_SCHEMA },
    edgeCases: [{ kind: "unparseable", path: "#", message: `${message} The empty object schema is shown instead.` }],
    findings: [
      {
        path: "#",
        keyword: "inputSchema",
        action: "rejected",
        severity: "rejected",
        basis: "documented",
        reason: `${message} No provider accepts it; the model would see a tool without parameters at best.`,
      },
    ],
  };
}

/** `$ref`s that are local pointers (`#/$defs/x`, `#/definitions/x`, `#`). */
export function resolveLocalRef(root: JsonObject, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Edge cases found by looking at the schema: `$ref` to `$defs`, recursive `$ref`, `anyOf` with null. */
export function scanEdgeCases(root: JsonObject): EdgeCase[] {
  const found: EdgeCase[] = [];
  const seenRecursive = new Set<string>();
  const visit = (node: JsonObject, path: string) => {
    const ref = node.$ref;
    if (typeof ref === "string") {
      if (/^#\/(\$defs|definitions)\//.test(ref)) found.push({ kind: "defs_ref", path, message: `$ref to ${ref}.` });
      if (!seenRecursive.has(ref) && refIsRecursive(root, ref)) {
        seenRecursive.add(ref);
        found.push({ kind: "recursive_ref", path, message: `${ref} refers back to itself (a recursive schema).` });
      }
    }
    for (const key of ["anyOf", "oneOf"] as const) {
      const list = node[key];
      if (Array.isArray(list) && list.some(isNullSchema))
        found.push({ kind: "nullable_anyof", path: pointer(path, key), message: `${key} with a null branch (a nullable value).` });
    }
    mapChildren(node, path, (child, p) => {
      visit(child, p);
      return child;
    });
  };
  visit(root, "#");
  return found;
}

/** True when following `ref` can lead back to `ref`. */
function refIsRecursive(root: JsonObject, ref: string): boolean {
  const seen = new Set<string>();
  const stack: unknown[] = [resolveLocalRef(root, ref)];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node)) continue;
    if (typeof node.$ref === "string") {
      if (node.$ref === ref) return true;
      if (!seen.has(node.$ref)) {
        seen.add(node.$ref);
        stack.push(resolveLocalRef(root, node.$ref));
      }
    }
    mapChildren(node, "#", (child) => {
      stack.push(child);
      return child;
    });
  }
  return false;
}
