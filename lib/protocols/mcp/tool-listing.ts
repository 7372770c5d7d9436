import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { isRecord } from "@/lib/values";

/**
 * What Loupe noticed about one listed tool. Absent on a well-formed tool with a unique name.
 * `key` tells tools apart in the UI (the URL, the list): the name, or "name (2)" for the second
 * tool of a duplicated name — a call still sends only the name.
 */
export interface ToolNotes {
  key: string;
  /** Sentences about the definition (a schema that is not an object, `false` properties…). */
  warnings: string[];
  /** The inputSchema as the server sent it, when Loupe had to replace it to build a form. */
  rawInputSchema?: unknown;
  /** This is tool `index` of `of` listed under the same name (1-based, in list order). */
  duplicate?: { index: number; of: number };
}

export type ListedTool = Tool & { loupe?: ToolNotes };

/** The key a tool is selected by: its name unless the server lists the name twice. */
export function toolKey(tool: { name: string; loupe?: ToolNotes }): string {
  return tool.loupe?.key ?? tool.name;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Keywords of a tool's root input schema that JSON Schema or MCP give a meaning to. */
const KNOWN_ROOT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "$schema",
  "$id",
  "$ref",
  "$defs",
  "definitions",
  "$comment",
  "$anchor",
  "$dynamicAnchor",
  "title",
  "description",
  "default",
  "examples",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "const",
  "enum",
  "readOnly",
  "writeOnly",
  "deprecated",
]);

function schemaWarnings(schema: unknown): { warnings: string[]; replaced: boolean } {
  if (!isRecord(schema)) {
    return {
      warnings: [`inputSchema is ${kindOf(schema)}, not a JSON Schema object: the form treats it as an empty object schema`],
      replaced: true,
    };
  }
  const warnings: string[] = [];
  if (schema.type !== "object") warnings.push(`inputSchema has type ${JSON.stringify(schema.type ?? null)}; MCP requires "object"`);
  const props = schema.properties;
  if (props !== undefined && !isRecord(props)) warnings.push(`inputSchema.properties is ${kindOf(props)}, not an object`);
  if (isRecord(props)) {
    for (const [name, prop] of Object.entries(props)) {
      if (prop === true) warnings.push(`property "${name}" is the schema true: any value is accepted (edited as JSON)`);
      else if (prop === false) warnings.push(`property "${name}" is the schema false: no value is valid, leave it out`);
      else if (!isRecord(prop)) warnings.push(`property "${name}" is ${kindOf(prop)}, not a schema`);
    }
  }
  const unknown = Object.keys(schema).filter((k) => !KNOWN_ROOT_KEYWORDS.has(k) && !k.startsWith("x-"));
  if (unknown.length > 0) warnings.push(`unknown keywords ignored: ${unknown.join(", ")}`);
  return { warnings, replaced: false };
}

/**
 * One tools/list page read item by item. The SDK's ListToolsResultSchema refuses the whole list
 * for one bad tool; here a bad tool is kept with warnings (and its raw schema when the form needs
 * a stand-in) so the others stay usable. Only a missing `tools` array fails the page.
 */
export function readToolsPage(result: unknown): { tools: ListedTool[]; nextCursor?: string } {
  if (!isRecord(result) || !Array.isArray(result.tools)) {
    throw new Error(`tools/list answered ${isRecord(result) ? "without a tools array" : kindOf(result)}`);
  }
  const tools = result.tools.map((raw, index): ListedTool => {
    const item = isRecord(raw) ? raw : {};
    const warnings: string[] = [];
    if (!isRecord(raw)) warnings.push(`tool #${index + 1} is ${kindOf(raw)}, not an object`);
    let name = item.name;
    if (typeof name !== "string" || name === "") {
      warnings.push("the tool has no name: a call cannot address it");
      name = `(unnamed tool #${index + 1})`;
    }
    const schema = schemaWarnings(item.inputSchema);
    warnings.push(...schema.warnings);
    if ("description" in item && item.description !== undefined && typeof item.description !== "string") {
      warnings.push(`description is ${kindOf(item.description)}, not a string`);
    }
    const tool = { ...item, name, inputSchema: schema.replaced ? { type: "object" } : item.inputSchema } as ListedTool;
    if (typeof item.description !== "string") delete (tool as { description?: unknown }).description;
    if (warnings.length > 0)
      tool.loupe = { key: name as string, warnings, ...(schema.replaced ? { rawInputSchema: item.inputSchema } : {}) };
    return tool;
  });
  return { tools, ...(typeof result.nextCursor === "string" ? { nextCursor: result.nextCursor } : {}) };
}

/**
 * Marks tools listed under one name (all pages together): each keeps its own schema and gets a
 * key of its own ("dup", "dup (2)"), so the second is never shown with the first's schema.
 */
export function markDuplicates(tools: ListedTool[]): ListedTool[] {
  const counts = new Map<string, number>();
  for (const t of tools) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  const taken = new Set(tools.map((t) => t.name));
  const seen = new Map<string, number>();
  return tools.map((t) => {
    const of = counts.get(t.name) ?? 1;
    if (of < 2) return t;
    const index = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, index);
    let key = t.name;
    if (index > 1) {
      let n = index;
      while (taken.has(`${t.name} (${n})`)) n++;
      key = `${t.name} (${n})`;
      taken.add(key);
    }
    return { ...t, loupe: { warnings: [], ...t.loupe, key, duplicate: { index, of } } };
  });
}
