// Anthropic tool use: `input_schema` is a JSON Schema object passed to the model as is; the API
// only checks the root and the property keys, so a careful SDK changes very little.
import type { Finding, JsonObject } from "@/lib/schema/portability/types";
import { isObject, pointer, sortFindings, walkSchema } from "@/lib/schema/portability/json";

const TOOL_DOC = "https://docs.anthropic.com/en/docs/build-with-claude/tool-use";
// Observed 400: "input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'"
// (reported by the azure-devops-mcp maintainers, docs/TOOL-NAME-VALIDATION.md).
const PROPERTY_KEY_SOURCE = "https://github.com/microsoft/azure-devops-mcp/pull/337";
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

export interface AnthropicResult {
  schema: JsonObject;
  findings: Finding[];
}

export function toAnthropic(prepared: JsonObject): AnthropicResult {
  const findings: Finding[] = [];
  let schema = prepared;
  if (schema.type === undefined) {
    // Observed 400: "input_schema.type: Field required" — the root must say it is an object.
    schema = { type: "object", ...schema };
    findings.push({
      path: "#",
      keyword: "type",
      action: "added",
      severity: "lossless",
      basis: "observed",
      source: TOOL_DOC,
      reason: 'input_schema must declare "type": "object"; it is added.',
    });
  } else if (schema.type !== "object") {
    findings.push({
      path: "#",
      keyword: "type",
      action: "rejected",
      severity: "rejected",
      basis: "observed",
      source: TOOL_DOC,
      reason: `input_schema must be of type "object" (got ${JSON.stringify(schema.type)}).`,
    });
  }
  walkSchema(schema, "#", (node, path) => {
    if (isObject(node.properties)) {
      for (const key of Object.keys(node.properties)) {
        if (!PROPERTY_KEY.test(key))
          findings.push({
            path: pointer(path, "properties", key),
            keyword: "properties",
            action: "rejected",
            severity: "rejected",
            basis: "observed",
            source: PROPERTY_KEY_SOURCE,
            reason: `Property key "${key}" is outside ^[a-zA-Z0-9_.-]{1,64}$.`,
          });
      }
    }
    return node;
  });
  return { schema, findings: sortFindings(findings) };
}
