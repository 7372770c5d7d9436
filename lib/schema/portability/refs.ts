// Inlines local `$ref`s for targets that do not resolve references (Gemini's OpenAPI subset).
import type { Finding, JsonObject } from "@/lib/schema/portability/types";
import { isObject, mapChildren } from "@/lib/schema/portability/json";
import { resolveLocalRef } from "@/lib/schema/portability/input";

// Inlining can grow a schema exponentially (a diamond of refs); past this many nodes we stop.
const MAX_INLINED_NODES = 5_000;

export interface InlineResult {
  schema: JsonObject;
  findings: Finding[];
}

/**
 * Replaces every local `$ref` by the schema it points to (sibling keywords kept), drops `$defs` /
 * `definitions` afterwards, and cuts cycles: a `$ref` met again inside its own expansion becomes
 * `{}` — the model then sees an unconstrained value at that depth.
 */
export function inlineRefs(root: JsonObject, source?: string): InlineResult {
  const findings: Finding[] = [];
  let budget = MAX_INLINED_NODES;
  const reported = new Set<string>();

  const visit = (node: JsonObject, path: string, stack: readonly string[]): JsonObject => {
    budget -= 1;
    const ref = node.$ref;
    if (typeof ref === "string") {
      const { $ref: _ref, ...siblings } = node;
      if (stack.includes(ref)) {
        findings.push({
          path,
          keyword: "$ref",
          action: "rewritten",
          severity: "shape_changed",
          basis: "documented",
          source,
          reason: `Recursive ${ref} cannot be inlined; the recursion is cut here and the value becomes unconstrained ({}).`,
        });
        return siblings;
      }
      const target = resolveLocalRef(root, ref);
      if (!isObject(target) || budget <= 0) {
        const why = budget <= 0 ? "the inlined schema grew too large" : "it does not point into this schema";
        findings.push({
          path,
          keyword: "$ref",
          action: "dropped",
          severity: "shape_changed",
          basis: "documented",
          source,
          reason: `${ref} cannot be inlined (${why}); the value becomes unconstrained ({}).`,
        });
        return siblings;
      }
      if (!reported.has(`${path} ${ref}`)) {
        reported.add(`${path} ${ref}`);
        findings.push({
          path,
          keyword: "$ref",
          action: "rewritten",
          severity: "lossless",
          basis: "documented",
          source,
          reason: `${ref} is not supported; its target is inlined here.`,
        });
      }
      const { $defs: _d, definitions: _e, ...body } = target;
      return visit({ ...body, ...siblings }, path, [...stack, ref]);
    }
    return mapChildren(node, path, (child, p) => (isObject(child) ? visit(child, p, stack) : child));
  };

  const hasDefs = "$defs" in root || "definitions" in root;
  const { $defs: _defs, definitions: _definitions, ...rest } = root;
  // Resolve against the original root so pointers into $defs still work while the copy drops them.
  const schema = visit(rest, "#", []);
  if (hasDefs)
    findings.push({
      path: "#",
      keyword: "$defs" in root ? "$defs" : "definitions",
      action: "dropped",
      severity: "lossless",
      basis: "documented",
      source,
      reason: "Definitions are removed once every $ref to them is inlined.",
    });
  return { schema, findings };
}
