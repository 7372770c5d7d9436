import type { ErrorObject, ValidateFunction } from "ajv";
import { compileSchema } from "@/lib/schema/ajv";
import { toIssue } from "./messages";
import { isPlainObject } from "./pointer";
import { lookupRef } from "./resolve";
import type { ValidationIssue, ValidationResult } from "./types";
import { errorMessage } from "@/lib/values";

const compiled = new WeakMap<object, ValidateFunction>();

/** A copy of the schema with every `$ref` that points nowhere dropped (it then allows anything). */
function withoutDanglingRefs(node: unknown, root: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDanglingRefs(item, root));
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && lookupRef(root, value) === undefined) continue;
    out[key] = withoutDanglingRefs(value, root);
  }
  return out;
}

let anonymous = 0;

/**
 * Ajv (with addUsedSchema off) cannot follow `"$ref": "#"` in a schema without `$id` — which is
 * what zod emits for a recursive type. A private `$id` gives the root an address; relative refs
 * (`#/$defs/…`) resolve the same against it.
 */
function withRootId(schema: unknown): unknown {
  if (!isPlainObject(schema) || typeof schema.$id === "string" || typeof schema.id === "string") return schema;
  return { ...schema, $id: `loupe:input-schema/${++anonymous}` };
}

function compile(schema: unknown): ValidateFunction {
  const key = isPlainObject(schema) ? schema : { value: schema };
  const cached = compiled.get(key);
  if (cached !== undefined) return cached;
  let fn: ValidateFunction;
  try {
    fn = compileSchema(withRootId(schema) as object | boolean);
  } catch (error) {
    // A remote or broken `$ref` should not stop the rest of the arguments from being checked.
    if (!isPlainObject(schema)) throw error;
    // …and a `$id` Ajv cannot resolve "#" against is replaced by Loupe's own.
    const { $id: _ignored, ...rest } = withoutDanglingRefs(schema, schema) as Record<string, unknown>;
    fn = compileSchema(withRootId(rest) as object);
  }
  compiled.set(key, fn);
  return fn;
}

/**
 * With allErrors, a failed anyOf/oneOf reports every member's complaints. When exactly one member
 * has the value's type (the usual nullable `anyOf:[X,{type:"null"}]`), its errors are the useful
 * ones; otherwise one summary error is clearer than the pile.
 */
function collapseUnions(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === "anyOf" || (e.keyword === "oneOf" && !e.params.passingSchemas));
  let kept = errors;
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const inside = kept.filter((e) => e.schemaPath.startsWith(prefix));
    const byMember = new Map<string, ErrorObject[]>();
    for (const e of inside) {
      const member = e.schemaPath.slice(prefix.length).split("/")[0] ?? "";
      byMember.set(member, [...(byMember.get(member) ?? []), e]);
    }
    const plausible = [...byMember.values()].filter(
      (list) => !list.some((e) => e.keyword === "type" && e.instancePath === union.instancePath),
    );
    const consts = inside.filter((e) => e.keyword === "const" && e.instancePath === union.instancePath);
    let replacement: ErrorObject[] = plausible.length === 1 ? (plausible[0] ?? []) : [union];
    if (consts.length > 0 && consts.length === inside.length) {
      // A union of `{const, title}` is a select: say which values are allowed.
      const allowedValues = consts.map((e) => (e.params as { allowedValue?: unknown }).allowedValue);
      replacement = [{ ...union, keyword: "enum", params: { allowedValues } }];
    }
    const rest = kept.filter((e) => !inside.includes(e));
    const at = rest.indexOf(union);
    kept = [...rest.slice(0, at), ...replacement, ...rest.slice(at + 1)];
  }
  return kept;
}

/** Validates a value against a schema (ajv 8, formats on); errors carry JSON pointers into the value. */
export function validateValue(schema: unknown, value: unknown): ValidationResult {
  let fn: ValidateFunction;
  try {
    fn = compile(schema);
  } catch (error) {
    const detail = errorMessage(error);
    return { ok: false, errors: [{ path: "", message: `the schema cannot be used for validation: ${detail}` }] };
  }
  if (fn(value)) return { ok: true };
  const seen = new Set<string>();
  const errors: ValidationIssue[] = [];
  for (const issue of collapseUnions(fn.errors ?? []).map(toIssue)) {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(issue);
  }
  return { ok: false, errors };
}
